/**
 * The server side of "Create New Product" (SPEC §2, §4). Without JavaScript the whole form, files
 * included, arrives in one multipart post; with JavaScript the browser sends the fields first
 * (step 1, answered with the new id) and then streams each file to the media route (step 2).
 */
import { parseSubmission } from "~/http/form-submission.server";
import type { SubmissionResult } from "@conform-to/react";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { ProductFormSchema, ProductStepOneSchema } from "~/lib/schemas/product";
import { checkFiles, checkMediaQuota, countByKind, storeCheckedFiles, type CheckedFile } from "../domain/media/media.server";
import { settle } from "~/domain/refusal";
import { REFUSAL_STATUS } from "./refusal-answer.server";
import { createProduct } from "../domain/catalogue/product-admin.server";

export type ProductFormOutcome =
  { kind: "form"; status: number; result: SubmissionResult<string[]> } | { kind: "created"; id: number; mediaCount: number; mediaFailed: boolean };

/** With JavaScript, step 1: the fields alone (the browser checked the chosen files and streams them next). */
export async function createProductDetails(context: AppLoadContext, formData: FormData): Promise<ProductFormOutcome> {
  const submission = parseSubmission(formData, { schema: ProductStepOneSchema });
  if (submission.status !== "success")
    return { kind: "form", status: submission.status === "error" ? REFUSAL_STATUS.invalid : 200, result: submission.reply() };
  const id = await createProduct(context.db, submission.value, { draft: true });
  return { kind: "created", id, mediaCount: 0, mediaFailed: false };
}

/** Without JavaScript: fields and files in one post; every file is checked before the product exists. */
export async function createProductWithFiles(context: AppLoadContext, formData: FormData): Promise<ProductFormOutcome> {
  const submission = parseSubmission(formData, { schema: ProductFormSchema });
  // "Add Package" and "Remove" without JavaScript come back here as intents: just redraw the form.
  if (submission.status !== "success")
    return { kind: "form", status: submission.status === "error" ? REFUSAL_STATUS.invalid : 200, result: submission.reply() };
  const { images, videos = [], video_thumbnail, ...details } = submission.value;
  const files = [
    ...images.map((file) => ({ kind: "image" as const, file })),
    ...videos.map((file) => ({ kind: "video" as const, file })),
    ...(video_thumbnail ? [{ kind: "thumbnail" as const, file: video_thumbnail }] : []),
  ];
  // A file we would refuse stops everything before the product exists; each is checked only here.
  const checking = await settle(async (): Promise<CheckedFile[]> => {
    const checked = await checkFiles(files);
    await checkMediaQuota(context.db, null, countByKind(files));
    return checked;
  });
  if (!checking.ok)
    return { kind: "form", status: REFUSAL_STATUS[checking.refusal.kind], result: submission.reply({ formErrors: [checking.refusal.message] }) };
  const checked = checking.value;
  const id = await createProduct(context.db, details, { draft: true });
  try {
    await storeCheckedFiles(context.db, context.env.MEDIA, id, checked);
    return { kind: "created", id, mediaCount: files.length, mediaFailed: false };
  } catch (error) {
    // Step 2 failing does not undo step 1 (SPEC §4).
    console.error("Media upload failed for new product", id, error);
    return { kind: "created", id, mediaCount: files.length, mediaFailed: true };
  }
}
