import { apiCall } from "~/http/api/call.server";
import { finishUpload } from "~/http/upload-calls.server";

/** POST /api/v1/uploads/{id}/complete: joins the parts. */
export const action = apiCall("POST /uploads/{id}/complete", ({ caller, params, context }) => finishUpload(context, [caller], params.id ?? ""));
