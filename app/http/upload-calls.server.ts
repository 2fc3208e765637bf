/**
 * The calls of an upload in parts, answered in the API's JSON shape for both callers: the API
 * (`/api/v1/uploads…`, Bearer tokens) and the screens (`/uploads…`, the session cookies, CSRF
 * checked at the edge). Each route file names who is asking; everything else is here, over the one
 * service (app/domain/uploads).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { apiJson } from "~/lib/api";
import { UploadCreateSchema } from "~/lib/schemas/upload";
import { abortUpload, completeUpload, createUpload, getUpload, putPart, type Uploader } from "~/domain/uploads/uploads.server";
import { isRefusal, refuse } from "~/domain/refusal";
import { apiRoute, readApiBody } from "./api-route.server";
import { declaredLength } from "./request-body.server";
import { getCustomer, getSignedInAdmin, requireApiAnyAccount } from "~/auth/index.server";
import type { UploadPurpose } from "~/lib/upload-rules";

type Args = { request: Request; params: Record<string, string | undefined>; context: AppLoadContext };

/**
 * Who may be sending: the API's token holder; on screens the signed-in admin and the signed-in
 * customer of this browser (either may be signed in, or both), tried in that order.
 */
export type UploaderSource = (context: AppLoadContext, request: Request) => Promise<Uploader[]>;

export const apiUploaders: UploaderSource = async (context, request) => [await requireApiAnyAccount(context, request)];

export const screenUploaders: UploaderSource = async (context, request) => {
  const [admin, customer] = await Promise.all([getSignedInAdmin(context, request), getCustomer(context, request)]);
  const found: Uploader[] = [];
  if (admin) found.push({ kind: "admin", id: admin.id });
  if (customer) found.push({ kind: "customer", id: customer.id });
  if (found.length === 0) throw refuse.unauthenticated("Sign in to upload files");
  return found;
};

/** Who sends a new upload of `purpose`: a customer's attachment is theirs when they are signed in here. */
function senderFor(uploaders: Uploader[], purpose: UploadPurpose): Uploader {
  if (purpose === "attachment") return uploaders.find((u) => u.kind === "customer") ?? uploaders[0]!;
  return uploaders.find((u) => u.kind === "admin") ?? uploaders[0]!;
}

/** Runs `call` as each possible sender until one owns the upload (someone else's is not found). */
async function asOwner<T>(uploaders: Uploader[], call: (uploader: Uploader) => Promise<T>): Promise<T> {
  for (const [i, uploader] of uploaders.entries()) {
    try {
      return await call(uploader);
    } catch (error) {
      if (!(isRefusal(error) && error.kind === "not_found" && i < uploaders.length - 1)) throw error;
    }
  }
  throw refuse.notFound("Upload not found");
}

function partBytes(context: AppLoadContext): number | undefined {
  const configured = Number(context.env.UPLOAD_PART_BYTES);
  return Number.isSafeInteger(configured) && configured > 0 ? configured : undefined;
}

/** POST …/uploads `{ upload: { purpose, order_id?, product_id?, name, size, content_type } }` → 201, the open upload and its plan. */
export const createUploadCall = (who: UploaderSource) =>
  apiRoute(async ({ request, context }: Args) => {
    const uploaders = await who(context, request);
    const input = await readApiBody(request, UploadCreateSchema, { wrapper: "upload", failure: "Upload is invalid" });
    const upload = await createUpload(
      context.db,
      context.env.MEDIA,
      senderFor(uploaders, input.purpose),
      {
        purpose: input.purpose,
        orderId: input.order_id ?? null,
        productId: input.product_id ?? null,
        name: input.name,
        size: input.size,
        contentType: input.content_type ?? "application/octet-stream",
      },
      { partBytes: partBytes(context) },
    );
    return apiJson({ success: true, data: upload }, { status: 201 });
  });

/** GET …/uploads/{id}: the upload and the parts taken (what a resuming client skips). */
export const getUploadCall = (who: UploaderSource) =>
  apiRoute(async ({ request, params, context }: Args) => {
    const uploaders = await who(context, request);
    const upload = await asOwner(uploaders, (uploader) => getUpload(context.db, uploader, params.id ?? ""));
    return apiJson({ success: true, data: upload });
  });

/** DELETE …/uploads/{id}: cancels it; nothing of it stays stored. */
export const abortUploadCall = (who: UploaderSource) =>
  apiRoute(async ({ request, params, context }: Args) => {
    if (request.method !== "DELETE") throw refuse.notFound("Not found");
    const uploaders = await who(context, request);
    await asOwner(uploaders, (uploader) => abortUpload(context.db, context.env.MEDIA, uploader, params.id ?? ""));
    return apiJson({ success: true, message: "Upload cancelled" });
  });

/** PUT …/uploads/{id}/parts/{n}: the part's raw bytes, streamed to storage → its number, size and etag. */
export const putPartCall = (who: UploaderSource) =>
  apiRoute(async ({ request, params, context }: Args) => {
    if (request.method !== "PUT") throw refuse.notFound("Not found");
    const uploaders = await who(context, request);
    const n = /^\d{1,5}$/.test(params.n ?? "") ? Number(params.n) : Number.NaN;
    const length = declaredLength(request);
    const part = await asOwner(uploaders, (uploader) =>
      putPart(context.db, context.env.MEDIA, uploader, params.id ?? "", n, request.body, Number.isNaN(length) ? null : length),
    );
    return apiJson({ success: true, data: part });
  });

/** POST …/uploads/{id}/complete: joins the parts → the stored file. */
export const completeUploadCall = (who: UploaderSource) =>
  apiRoute(async ({ request, params, context }: Args) => {
    const uploaders = await who(context, request);
    const upload = await asOwner(uploaders, (uploader) => completeUpload(context.db, context.env.MEDIA, uploader, params.id ?? ""));
    return apiJson({ success: true, message: "Upload complete", data: upload });
  });
