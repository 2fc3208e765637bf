import { abortUploadCall, getUploadCall } from "~/http/upload-calls.server";

/** GET /uploads/{id}: what a resuming page skips. */
export const loader = getUploadCall();
/** DELETE /uploads/{id}: the page's 'Cancel'. */
export const action = abortUploadCall();
