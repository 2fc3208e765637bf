import { apiUploaders, completeUploadCall } from "~/http/upload-calls.server";

/** POST /api/v1/uploads/{id}/complete: joins the parts. */
export const action = completeUploadCall(apiUploaders);
