/**
 * The files an order carries (the studio's deliveries, the customer's brief attachments, either
 * side's message attachments): checked by their first bytes (never their name or claimed type)
 * against the rule of where they go, and stored privately in R2 under server-made keys before the
 * rows that name them are written. A caller whose write fails removes what was stored, so nothing
 * is half-written. Served by /orders/{id}/files/{id} and /orders/{id}/attachments/{id}.
 */
import { refuse } from "../refusal";
import { ATTACHMENT_LIMITS, ATTACHMENT_RULE, DELIVERY_LIMITS, DELIVERY_RULE } from "~/lib/rules/delivery-rules";
import { sniffDeliveryType } from "../media/file-types";

export type OrderFileKind = "video" | "image" | "document";
export type StoredOrderFile = { file: File; mime: string; ext: string; kind: OrderFileKind; key: string; name: string };

interface FileRules {
  files: number;
  videoBytes: number;
  imageBytes: number;
  documentBytes: number;
  rule: string;
  /** Where the files go, for messages: "per delivery". */
  per: string;
}

export const DELIVERY_FILES: FileRules = { ...DELIVERY_LIMITS, rule: DELIVERY_RULE, per: "per delivery" };
export const ATTACHMENTS: FileRules = { ...ATTACHMENT_LIMITS, rule: ATTACHMENT_RULE, per: "at a time" };

/** Each file's type from its first bytes, within its limit; a refusal (422) names the rule. */
async function checkFiles(files: File[], rules: FileRules) {
  if (files.length > rules.files) throw refuse.invalid(`At most ${rules.files} files ${rules.per}`);
  return Promise.all(
    files.map(async (file, position) => {
      const label = file.name || "A file";
      if (file.size === 0) throw refuse.invalid(`${label} is empty`);
      const sniffed = sniffDeliveryType(new Uint8Array(await file.slice(0, 16).arrayBuffer()));
      if (!sniffed) throw refuse.invalid(`${label} is not a video, image or PDF. ${rules.rule}`);
      const limit = sniffed.kind === "video" ? rules.videoBytes : sniffed.kind === "image" ? rules.imageBytes : rules.documentBytes;
      if (file.size > limit) throw refuse.invalid(`${label} is too large. ${rules.rule}`);
      return { file, ...sniffed, name: file.name.slice(0, 200) || `file-${position + 1}.${sniffed.ext}` };
    }),
  );
}

/**
 * Checks the files, then stores them under `orders/{orderId}/{folder}/`. If one cannot be stored,
 * those already stored are removed and the error is thrown.
 */
export async function storeOrderFiles(
  bucket: R2Bucket,
  orderId: number,
  folder: "deliveries" | "attachments",
  files: File[],
  rules: FileRules,
): Promise<StoredOrderFile[]> {
  const checked = await checkFiles(files, rules);
  const stored: StoredOrderFile[] = [];
  try {
    for (const file of checked) {
      const key = `orders/${orderId}/${folder}/${crypto.randomUUID()}.${file.ext}`;
      await bucket.put(key, file.file.stream(), { httpMetadata: { contentType: file.mime } });
      stored.push({ ...file, key });
    }
    return stored;
  } catch (error) {
    await removeOrderFiles(bucket, stored);
    throw error;
  }
}

/** Removes stored files again (their rows were not written); a failure to remove leaves an unnamed object, never an error. */
export async function removeOrderFiles(bucket: R2Bucket, stored: StoredOrderFile[]) {
  await Promise.all(stored.map(({ key }) => bucket.delete(key).catch(() => undefined)));
}
