import { abortUploadCall, getUploadCall, screenUploaders } from "~/http/upload-calls.server";

/** GET /uploads/{id}: what a resuming page skips. */
export const loader = getUploadCall(screenUploaders);
/** DELETE /uploads/{id}: the page's 'Cancel'. */
export const action = abortUploadCall(screenUploaders);
