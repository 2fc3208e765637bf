import { apiUploaders, createUploadCall } from "~/http/upload-calls.server";

/** POST /api/v1/uploads: opens an upload in parts (app/http/upload-calls.server.ts). */
export const action = createUploadCall(apiUploaders);
