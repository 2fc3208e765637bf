import { apiCall, apiCalls } from "~/http/api/call.server";
import { cancelUpload, showUpload } from "~/http/upload-calls.server";

/** GET /api/v1/uploads/{id}: the upload and its parts taken. */
export const loader = apiCall("GET /uploads/{id}", ({ caller, params, context }) => showUpload(context, [caller], params.id ?? ""));
/** DELETE /api/v1/uploads/{id}: cancels it. */
export const action = apiCalls({
  DELETE: apiCall("DELETE /uploads/{id}", ({ caller, params, context }) => cancelUpload(context, [caller], params.id ?? "")),
});
