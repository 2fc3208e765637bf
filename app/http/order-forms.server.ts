/**
 * The forms that carry files to an order, read here in the http layer: how much such a form may
 * hold when read as a stream (`readForm`), the files of a field, and a delivery as its forms send it.
 * The services take the values (app/domain/orders), never a FormData.
 */
import { ATTACHMENT_LIMITS, DELIVERY_LIMITS } from "~/lib/rules/delivery-rules";
import type { FormLimits } from "~/lib/rules/form-limits";
import type { DeliveryInput } from "~/domain/orders/deliveries.server";

/**
 * What a form carrying files to an order may hold, for reading it as a stream (`readForm`): a few
 * more files than the rule allows, so that the service's refusal names the rule, each no larger than
 * the largest kind allows.
 */
export const DELIVERY_FORM: FormLimits = { maxFiles: DELIVERY_LIMITS.files + 5, maxFileSize: DELIVERY_LIMITS.videoBytes };
export const ATTACHMENT_FORM: FormLimits = { maxFiles: ATTACHMENT_LIMITS.files + 5, maxFileSize: ATTACHMENT_LIMITS.videoBytes };

/**
 * A delivery as a form sends it (the studio's screen, its upload with progress, the API): the
 * `note` as written (checked by `deliver`), the files of `files[]` or `files`, and the files sent
 * in parts beforehand (`preview_upload_id`, `master_upload_ids`) with the `frame_rate`.
 */
export function deliveryFromForm(form: FormData): DeliveryInput {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : null;
  };
  return {
    note: text("note"),
    files: formFiles(form, "files[]", "files"),
    frameRate: text("frame_rate"),
    previewUploadId: text("preview_upload_id"),
    masterUploadIds: form.getAll("master_upload_ids").filter((id): id is string => typeof id === "string" && id !== ""),
  };
}

/** The files of a form field (empty file inputs send a nameless empty file: not a file). */
export function formFiles(form: FormData, ...names: string[]): File[] {
  return names.flatMap((name) => form.getAll(name)).filter((f): f is File => typeof f !== "string" && (f.size > 0 || f.name !== ""));
}
