import { completeUploadCall } from "~/http/upload-calls.server";

/** POST /uploads/{id}/complete: joins the parts. */
export const action = completeUploadCall();
