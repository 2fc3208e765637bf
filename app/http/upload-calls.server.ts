/**
 * The calls of an upload in parts, answered in the API's JSON shape for both callers: the API
 * (`/api/v1/uploads…`, Bearer tokens, routes built from the contract) and the screens (`/uploads…`,
 * the session cookies, CSRF checked at the edge). Each route names who is asking; what is done is
 * here, over the one service (app/domain/uploads).
 */
import type { AppLoadContext } from "@remix-run/cloudflare";
import { apiJson } from "~/lib/api";
import { UploadCreateSchema } from "~/lib/schemas/upload";
import { abortUpload, completeUpload, createUpload, getUpload, putPart, type Uploader } from "~/domain/uploads/uploads.server";
import { isRefusal, refuse } from "~/domain/refusal";
import { apiRoute, readApiBody } from "./api-route.server";
import { declaredLength } from "./request-body.server";
import { getCustomer, getSignedInAdmin, getSignedInCreator } from "~/auth/index.server";
import type { z } from "zod";
import type { UploadPurpose } from "~/lib/rules/upload-rules";

type Args = { request: Request; params: Record<string, string | undefined>; context: AppLoadContext };

/** Who may be sending on screens: the signed-in admin, customer and creator of this browser (any of them may be signed in), tried in that order. */
export type UploaderSource = (context: AppLoadContext, request: Request) => Promise<Uploader[]>;

const screenUploaders: UploaderSource = async (context, request) => {
  const [admin, customer, creator] = await Promise.all([
    getSignedInAdmin(context, request),
    getCustomer(context, request),
    getSignedInCreator(context, request),
  ]);
  const found: Uploader[] = [];
  if (admin) found.push({ kind: "admin", id: admin.id });
  if (customer) found.push({ kind: "customer", id: customer.id });
  // A suspended creator sends nothing.
  if (creator && creator.status !== "suspended") found.push({ kind: "creator", id: creator.id });
  if (found.length === 0) throw refuse.unauthenticated("Sign in to upload files");
  return found;
};

/** Who sends a new upload of `purpose`: a customer's attachment is theirs when they are signed in here. */
function senderFor(uploaders: Uploader[], purpose: UploadPurpose): Uploader {
  if (purpose === "attachment") return uploaders.find((u) => u.kind === "customer") ?? uploaders[0]!;
  if (purpose === "creator_media") return uploaders.find((u) => u.kind === "creator") ?? uploaders[0]!;
  return uploaders.find((u) => u.kind === "admin") ?? uploaders.find((u) => u.kind === "creator") ?? uploaders[0]!;
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

type UploadCreate = z.output<typeof UploadCreateSchema>;

/** Opens an upload of `input` → 201, the open upload and its plan. */
export async function openUpload(context: AppLoadContext, uploaders: Uploader[], input: UploadCreate): Promise<Response> {
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
}

/** The upload `id` and the parts taken (what a resuming client skips). */
export async function showUpload(context: AppLoadContext, uploaders: Uploader[], id: string): Promise<Response> {
  const upload = await asOwner(uploaders, (uploader) => getUpload(context.db, uploader, id));
  return apiJson({ success: true, data: upload });
}

/** Cancels the upload `id`; nothing of it stays stored. */
export async function cancelUpload(context: AppLoadContext, uploaders: Uploader[], id: string): Promise<Response> {
  await asOwner(uploaders, (uploader) => abortUpload(context.db, context.env.MEDIA, uploader, id));
  return apiJson({ success: true, message: "Upload cancelled" });
}

/** Part `n` of the upload `id`: the request's raw bytes, streamed to storage → its number, size and etag. */
export async function storePart(context: AppLoadContext, uploaders: Uploader[], id: string, n: string | undefined, request: Request): Promise<Response> {
  const number = /^\d{1,5}$/.test(n ?? "") ? Number(n) : Number.NaN;
  const length = declaredLength(request);
  const part = await asOwner(uploaders, (uploader) =>
    putPart(context.db, context.env.MEDIA, uploader, id, number, request.body, Number.isNaN(length) ? null : length),
  );
  return apiJson({ success: true, data: part });
}

/** Joins the parts of the upload `id` → the stored file. */
export async function finishUpload(context: AppLoadContext, uploaders: Uploader[], id: string): Promise<Response> {
  const upload = await asOwner(uploaders, (uploader) => completeUpload(context.db, context.env.MEDIA, uploader, id));
  return apiJson({ success: true, message: "Upload complete", data: upload });
}

// The screens' routes (`/uploads…`): who is signed in here, the body read as the API's is.

export const createUploadCall = () =>
  apiRoute(async ({ request, context }: Args) => {
    const uploaders = await screenUploaders(context, request);
    return openUpload(context, uploaders, await readApiBody(request, UploadCreateSchema, { wrapper: "upload", failure: "Upload is invalid" }));
  });

export const getUploadCall = () =>
  apiRoute(async ({ request, params, context }: Args) => showUpload(context, await screenUploaders(context, request), params.id ?? ""));

export const abortUploadCall = () =>
  apiRoute(async ({ request, params, context }: Args) => {
    if (request.method !== "DELETE") throw refuse.notFound("Not found");
    return cancelUpload(context, await screenUploaders(context, request), params.id ?? "");
  });

export const putPartCall = () =>
  apiRoute(async ({ request, params, context }: Args) => {
    if (request.method !== "PUT") throw refuse.notFound("Not found");
    return storePart(context, await screenUploaders(context, request), params.id ?? "", params.n, request);
  });

export const completeUploadCall = () =>
  apiRoute(async ({ request, params, context }: Args) => finishUpload(context, await screenUploaders(context, request), params.id ?? ""));
