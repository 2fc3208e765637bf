import { apiCall } from "~/http/api/call.server";
import { storePart } from "~/http/upload-calls.server";

/** PUT /api/v1/uploads/{id}/parts/{n}: one part's raw bytes. */
export const action = apiCall("PUT /uploads/{id}/parts/{n}", ({ caller, params, request, context }) =>
  storePart(context, [caller], params.id ?? "", params.n, request),
);
