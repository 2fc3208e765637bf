import { abortUploadCall, apiUploaders, getUploadCall } from "~/http/upload-calls.server";

/** GET /api/v1/uploads/{id}: the upload and its parts taken. */
export const loader = getUploadCall(apiUploaders);
/** DELETE /api/v1/uploads/{id}: cancels it. */
export const action = abortUploadCall(apiUploaders);
