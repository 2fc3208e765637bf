import { apiUploaders, putPartCall } from "~/http/upload-calls.server";

/** PUT /api/v1/uploads/{id}/parts/{n}: one part's raw bytes. */
export const action = putPartCall(apiUploaders);
