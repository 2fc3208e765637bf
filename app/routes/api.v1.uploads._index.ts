import { apiCall } from "~/http/api/call.server";
import { openUpload } from "~/http/upload-calls.server";

/** POST /api/v1/uploads: opens an upload in parts (app/http/upload-calls.server.ts). */
export const action = apiCall("POST /uploads", ({ body, caller, context }) => openUpload(context, [caller], body));
