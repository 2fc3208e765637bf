import { FormProvider, type SubmissionResult } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useNavigate } from "@remix-run/react";
import { useRef, useState } from "react";
import { FileInput, MediaUploadList, useMediaUploads, type PendingUpload } from "~/components/media-uploads";
import { PackagesFields, ProductDetailsFields } from "~/components/product-fields";
import { useToastApi } from "~/components/toaster";
import { FormError, SubmitButton } from "~/components/ui/form";
import { useIsSubmitting } from "~/components/ui/use-is-submitting";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { PRODUCT_CREATE_MESSAGES, ProductFormSchema } from "~/lib/schemas/product";
import type { Toast } from "~/lib/toast";
import { requireAdmin } from "~/auth/index.server";
import { createProductWithFiles } from "~/http/product-form.server";
import { redirectWithToast } from "~/http/toast.server";
import { IMAGE_ACCEPT, IMAGE_RULE, THUMBNAIL_RULE, VIDEO_ACCEPT, VIDEO_RULE } from "~/lib/rules/media-rules";
import { readForm } from "~/http/request-body.server";
import { settle } from "~/http/screen-refusal.server";
import { PRODUCT_MEDIA_FORM } from "~/lib/rules/media-rules";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  return null;
}

/** Without JavaScript: the whole form, files included, in one multipart post (SPEC §2). */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(context, request);
  const read = await settle(readForm(request, PRODUCT_MEDIA_FORM));
  if (!read.ok) {
    return data(
      { result: { status: "error", error: { "": ["The form could not be read. Please try again."] } } as SubmissionResult<string[]> },
      { status: 400 },
    );
  }
  const outcome = await createProductWithFiles(context, read.value);
  if (outcome.kind === "form") return data({ result: outcome.result }, { status: outcome.status });
  const toasts: Omit<Toast, "id">[] = [{ kind: "success", message: PRODUCT_CREATE_MESSAGES.created }];
  if (outcome.mediaFailed) toasts.push({ kind: "error", message: PRODUCT_CREATE_MESSAGES.mediaFailed });
  else if (outcome.mediaCount > 0) toasts.push({ kind: "success", message: PRODUCT_CREATE_MESSAGES.mediaUploaded });
  return redirectWithToast(context.env, request, "/admin/products", toasts);
}

export const meta: MetaFunction = () => [{ title: "Create New Product · Admin · Reelcraft" }];

const chosen = (value: FormDataEntryValue): value is File => value instanceof File && value.size > 0;

export default function NewProduct() {
  const actionResult = useActionData<typeof action>()?.result;
  const [phase, setPhase] = useState<"idle" | "creating" | "uploading">("idle");
  const uploads = useMediaUploads();
  const toast = useToastApi();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);

  /** With JavaScript: step 1 sends the fields, step 2 streams each file with progress (SPEC §4). */
  async function createThenUpload(formData: FormData) {
    const images = formData.getAll("images").filter(chosen);
    const videos = formData.getAll("videos").filter(chosen);
    const thumbnail = formData.getAll("video_thumbnail").filter(chosen);
    const details = new FormData();
    for (const [key, value] of formData) if (typeof value === "string") details.append(key, value);
    details.set("image_count", String(images.length));
    details.set("video_count", String(videos.length));
    details.set("has_thumbnail", String(thumbnail.length > 0));

    setPhase("creating");
    let response: Response;
    try {
      response = await fetch("/admin/products/create", { method: "POST", body: details, headers: { Accept: "application/json" } });
    } catch {
      toast.error(PRODUCT_CREATE_MESSAGES.network);
      setPhase("idle");
      return;
    }
    const body = (await response.json().catch(() => null)) as { message?: string; data?: { id: number } } | null;
    if (response.status === 401) {
      toast.error(PRODUCT_CREATE_MESSAGES.signedOut);
      navigate("/admin/login");
      return;
    }
    if (!response.ok || !body?.data) {
      toast.error(body?.message ?? PRODUCT_CREATE_MESSAGES.failed);
      setPhase("idle");
      return;
    }
    toast.success(PRODUCT_CREATE_MESSAGES.created);

    const files: PendingUpload[] = [
      ...images.map((file) => ({ kind: "image" as const, file })),
      ...videos.map((file) => ({ kind: "video" as const, file })),
      ...thumbnail.map((file) => ({ kind: "thumbnail" as const, file })),
    ];
    if (files.length > 0) {
      setPhase("uploading");
      const failure = await uploads.run(body.data.id, files);
      if (failure) {
        toast.error(PRODUCT_CREATE_MESSAGES.mediaFailed);
        toast.error(`Error: ${failure}`);
      } else {
        toast.success(PRODUCT_CREATE_MESSAGES.mediaUploaded);
      }
    }
    formRef.current?.reset();
    setPhase("idle");
    navigate("/admin/products");
  }

  const { form, fields, formProps, visible } = useSchemaForm(ProductFormSchema, {
    id: "create-product",
    lastResult: actionResult,
    // The browser's checks would stop a plain post the server answers better (files, chips).
    constraint: false,
    onSubmit(event, { formData }) {
      event.preventDefault();
      if (phase === "idle") void createThenUpload(formData);
    },
  });
  const posting = useIsSubmitting("/admin/products/new");
  const busy = phase !== "idle" || posting;
  const sentOnce = actionResult !== undefined;

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <Link to="/admin/products" className="text-sm font-semibold text-brand-700 hover:underline">
          ← Back to products
        </Link>
        <h1 className="mt-2 text-2xl font-bold tracking-tight">Create New Product</h1>
      </div>
      <FormProvider context={form.context}>
        <Form
          ref={formRef}
          method="post"
          encType="multipart/form-data"
          {...formProps}
          aria-busy={busy || undefined}
          className="space-y-8 rounded-2xl border border-slate-200 bg-white p-5 sm:p-8"
        >
          {/* The default button for Enter without JavaScript: creating, never "Remove". */}
          <button type="submit" className="hidden" tabIndex={-1} aria-hidden="true" />
          <FormError id={form.errorId} errors={form.errors} />
          <ProductDetailsFields visible={visible} />
          <fieldset className="space-y-4">
            <legend className="text-lg font-semibold">Media</legend>
            {sentOnce && phase === "idle" ? (
              <p role="note" className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
                Files are not kept between submissions: please choose your images, videos and thumbnail again.
              </p>
            ) : null}
            <FileInput
              label="Images"
              name={fields.images.name}
              id={fields.images.id}
              errorId={fields.images.errorId}
              error={visible(fields.images.name, fields.images.errors)}
              accept={IMAGE_ACCEPT}
              multiple
              hint={`Required. ${IMAGE_RULE}. The first image is the cover.`}
            />
            <FileInput
              label="Videos"
              name={fields.videos.name}
              id={fields.videos.id}
              errorId={fields.videos.errorId}
              error={visible(fields.videos.name, fields.videos.errors)}
              accept={VIDEO_ACCEPT}
              multiple
              hint={`Optional. ${VIDEO_RULE}.`}
            />
            <FileInput
              label="Video Thumbnail"
              name={fields.video_thumbnail.name}
              id={fields.video_thumbnail.id}
              errorId={fields.video_thumbnail.errorId}
              error={visible(fields.video_thumbnail.name, fields.video_thumbnail.errors)}
              accept={IMAGE_ACCEPT}
              hint={`Required when you add videos. ${THUMBNAIL_RULE}.`}
            />
          </fieldset>
          <PackagesFields visible={visible} />
          {phase === "uploading" ? <MediaUploadList uploads={uploads.items} /> : null}
          <div className="flex flex-wrap items-center justify-end gap-3 border-t border-slate-200 pt-6">
            <Link to="/admin/products" className="rounded-lg px-4 py-2.5 text-sm font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50">
              Cancel
            </Link>
            <SubmitButton busy={busy} busyText="Creating..." className="w-auto min-w-40">
              Create Product
            </SubmitButton>
          </div>
        </Form>
      </FormProvider>
    </div>
  );
}
