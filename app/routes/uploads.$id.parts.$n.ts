import { putPartCall } from "~/http/upload-calls.server";

/** PUT /uploads/{id}/parts/{n}: one part's raw bytes from the page's uploader. */
export const action = putPartCall();
