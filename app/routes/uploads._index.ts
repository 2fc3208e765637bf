import { createUploadCall } from "~/http/upload-calls.server";

/** POST /uploads: the screens' uploader opens an upload in parts (signed in here; app/http/upload-calls.server.ts). */
export const action = createUploadCall();
