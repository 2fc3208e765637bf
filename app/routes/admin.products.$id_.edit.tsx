import { FormProvider } from "@conform-to/react";
import { parseSubmission } from "~/http/form-submission.server";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useFetcher, useLoaderData, useRevalidator } from "@remix-run/react";
import { useRef, useState } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FileInput, MediaUploadList, useMediaUploads, type PendingUpload } from "~/components/media-uploads";
import { PackagesFields, ProductDetailsFields } from "~/components/product-fields";
import { useToastApi } from "~/components/toaster";
import { FormError, Refused, SubmitButton } from "~/components/ui/form";
import { creatorChoices, listProductCreators, setProductCreators, type ProductCreatorView } from "~/domain/creators/creators.server";
import { useIsSubmitting } from "~/components/ui/use-is-submitting";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { PRODUCT_CREATE_MESSAGES, PRODUCT_EDIT_MESSAGES, ProductDetailsSchema } from "~/lib/schemas/product";
import { requireAdmin } from "~/auth/index.server";
import { addFiles, moveMedia, removeMedia } from "~/domain/media/media.server";
import { formAnswer, invalidForm, refusedData, settle } from "~/http/screen-refusal.server";
import { mediaChoiceProblem } from "~/lib/rules/media-rules";
import { getProductForEdit, productExists, setArchived, updateProduct, type EditableMedia } from "~/domain/catalogue/product-admin.server";
import { redirectWithToast } from "~/http/toast.server";
import { IMAGE_ACCEPT, IMAGE_RULE, VIDEO_ACCEPT, VIDEO_RULE } from "~/lib/rules/media-rules";
import { parseId } from "~/lib/record-id";
import { readForm } from "~/http/request-body.server";
import { PRODUCT_MEDIA_FORM } from "~/lib/rules/media-rules";
import { notFound } from "~/http/answers.server";

function productId(raw: string | undefined) {
  const id = parseId(raw);
  if (!id) throw notFound("Product not found");
  return id;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const id = productId(params.id);
  const [product, makers, choices] = await Promise.all([getProductForEdit(context.db, id), listProductCreators(context.db, id), creatorChoices(context.db)]);
  if (!product) throw notFound("Product not found");
  return { product, makers, choices };
}

const chosen = (value: FormDataEntryValue): value is File => value instanceof File && value.size > 0;

/** The files chosen in the media form, by slot (the server's plain post and the browser's upload read the same fields). */
function chosenFiles(formData: FormData): PendingUpload[] {
  const slot = (field: string, kind: PendingUpload["kind"]) =>
    formData
      .getAll(field)
      .filter(chosen)
      .map((file) => ({ kind, file }));
  return [...slot("images", "image"), ...slot("videos", "video"), ...slot("video_thumbnail", "thumbnail")];
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  await requireAdmin(context, request);
  const id = productId(params.id);
  // The product exists, before a byte of the body is read.
  if (!(await productExists(context.db, id))) throw notFound("Product not found");
  const read = await settle(readForm(request, PRODUCT_MEDIA_FORM));
  if (!read.ok) return data({ kind: "media" as const, refused: "The form could not be read. Please try again." }, { status: 400 });
  const formData = read.value;
  const here = `/admin/products/${id}/edit`;
  // Every change below is visible in the shop: drop the cached copies before answering.
  const done = async (message?: string) => {
    return redirectWithToast(context.env, request, here, message ? [{ kind: "success", message }] : []);
  };
  const gone = () => {
    throw notFound("Product not found");
  };

  switch (formData.get("intent")) {
    case "archive":
    case "restore": {
      const archive = formData.get("intent") === "archive";
      if (!(await setArchived(context.db, id, archive))) gone();
      return done(archive ? PRODUCT_EDIT_MESSAGES.archived : PRODUCT_EDIT_MESSAGES.restored);
    }
    case "creators": {
      const lead = parseId(String(formData.get("lead") ?? ""));
      const chosenIds = formData.getAll("creator_ids").map((v) => parseId(String(v)));
      if (chosenIds.some((v) => v === null) || chosenIds.length > 10)
        return data({ kind: "creators" as const, refused: PRODUCT_EDIT_MESSAGES.creators }, invalidForm());
      const ids = (chosenIds as number[]).sort((a, b) => (a === lead ? -1 : b === lead ? 1 : 0));
      const set = await settle(setProductCreators(context.db, id, ids));
      if (!set.ok) return refusedData(set.refusal, { kind: "creators" as const });
      return done(ids.length ? PRODUCT_EDIT_MESSAGES.creatorsSaved : PRODUCT_EDIT_MESSAGES.studioMakes);
    }
    case "remove-media": {
      const mediaId = Number(formData.get("media_id"));
      if (!Number.isSafeInteger(mediaId) || !(await removeMedia(context.db, context.env.MEDIA, id, mediaId))) gone();
      return done(PRODUCT_EDIT_MESSAGES.mediaRemoved);
    }
    case "move-media": {
      const mediaId = Number(formData.get("media_id"));
      const direction = formData.get("direction") === "up" ? "up" : "down";
      if (!Number.isSafeInteger(mediaId) || !(await moveMedia(context.db, id, mediaId, direction))) gone();
      return done();
    }
    case "add-media": {
      // Without JavaScript the files come in this post; with it they stream to the media route.
      const files = chosenFiles(formData);
      if (!files.length) return data({ kind: "media" as const, refused: PRODUCT_EDIT_MESSAGES.chooseFiles }, invalidForm());
      const added = await settle(addFiles(context.db, context.env.MEDIA, id, files));
      if (!added.ok) return refusedData(added.refusal, { kind: "media" as const });
      return done(PRODUCT_CREATE_MESSAGES.mediaUploaded);
    }
    default: {
      const submission = parseSubmission(formData, { schema: ProductDetailsSchema });
      if (submission.status !== "success") return formAnswer(submission, { beside: { kind: "details" } });
      if (!(await updateProduct(context.db, id, submission.value))) gone();
      return done(PRODUCT_EDIT_MESSAGES.saved);
    }
  }
}

/** What the browser checks before uploading: something chosen, and the media rule (`mediaChoiceProblem`). */
function mediaChoiceError(files: { kind: string }[], existing: { kind: string }[]): string | null {
  if (!files.length) return PRODUCT_EDIT_MESSAGES.chooseFiles;
  const adding = { videos: files.filter((f) => f.kind === "video").length, thumbnail: files.some((f) => f.kind === "thumbnail") };
  return mediaChoiceProblem(
    adding,
    existing.some((m) => m.kind === "thumbnail"),
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Edit ${data?.product.values.title ?? "product"} · Admin · Reelcraft` }];

export default function EditProduct() {
  const { product, makers, choices } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { form, formProps, visible } = useSchemaForm(ProductDetailsSchema, {
    id: `edit-product-${product.id}`,
    lastResult: actionData?.kind === "details" ? actionData.result : undefined,
    // Chips read their start values from the plain-form text: services one per line, tags comma-separated.
    defaultValue: { ...product.values, services_offered: product.values.services_offered.join("\n"), tags: product.values.tags.join(", ") },
    constraint: false,
  });
  // The details form is the one post without an intent.
  const saving = useIsSubmitting(`/admin/products/${product.id}/edit`, null);
  const images = product.media.filter((m) => m.kind === "image");
  const videos = product.media.filter((m) => m.kind === "video");
  const thumbnail = product.media.find((m) => m.kind === "thumbnail");

  return (
    <div className="mx-auto max-w-3xl space-y-8">
      <div>
        <Link to="/admin/products" className="text-sm font-semibold text-brand-700 hover:underline">
          ← Back to products
        </Link>
        <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-bold tracking-tight">Edit Product</h1>
          <div className="flex gap-3 text-sm font-semibold">
            <Link to={`/admin/products/${product.id}`} className="text-brand-700 hover:underline">
              View
            </Link>
            {product.archived ? null : (
              <Link to={`/products/${product.id}`} className="text-brand-700 hover:underline">
                View in shop
              </Link>
            )}
          </div>
        </div>
        {product.archived ? (
          <p role="status" className="mt-3 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
            This product is archived: it is hidden from the shop and cannot be bought. Past orders still show it.
          </p>
        ) : null}
      </div>

      <FormProvider context={form.context}>
        <Form method="post" {...formProps} className="space-y-8 rounded-2xl border border-slate-200 bg-white p-5 sm:p-8">
          <button type="submit" className="hidden" tabIndex={-1} aria-hidden="true" />
          <FormError id={form.errorId} errors={form.errors} />
          <ProductDetailsFields visible={visible} />
          <PackagesFields visible={visible} />
          <div className="flex justify-end border-t border-slate-200 pt-6">
            <SubmitButton busy={saving} busyText="Saving..." className="w-auto min-w-40">
              Save changes
            </SubmitButton>
          </div>
        </Form>
      </FormProvider>

      <MediaSection
        productId={product.id}
        images={images}
        videos={videos}
        thumbnail={thumbnail}
        mediaError={actionData?.kind === "media" ? actionData.refused : undefined}
      />

      <CreatorsSection makers={makers} choices={choices} refused={actionData?.kind === "creators" ? actionData.refused : undefined} />

      <section aria-labelledby="archive-title" className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-8">
        <h2 id="archive-title" className="text-lg font-semibold">
          {product.archived ? "Restore" : "Archive"}
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {product.archived
            ? "Restoring puts the product back in the shop listing, search and checkout."
            : "Archiving hides the product from the shop listing, search and checkout. Orders already placed keep showing it, and you can restore it at any time."}
        </p>
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value={product.archived ? "restore" : "archive"} />
          <button
            type="submit"
            className={`rounded-lg px-4 py-2.5 text-sm font-semibold ring-1 ${product.archived ? "text-brand-800 ring-brand-200 hover:bg-brand-50" : "text-red-700 ring-red-200 hover:bg-red-50"}`}
          >
            {product.archived ? "Restore product" : "Archive product"}
          </button>
        </Form>
      </section>
    </div>
  );
}

function MediaSection({
  productId,
  images,
  videos,
  thumbnail,
  mediaError,
}: {
  productId: number;
  images: EditableMedia[];
  videos: EditableMedia[];
  thumbnail: EditableMedia | undefined;
  mediaError: string | undefined;
}) {
  const uploads = useMediaUploads();
  const [uploading, setUploading] = useState(false);
  const [clientError, setClientError] = useState<string>();
  const toast = useToastApi();
  const revalidator = useRevalidator();
  const formRef = useRef<HTMLFormElement>(null);
  const postingFiles = useIsSubmitting(`/admin/products/${productId}/edit`, "add-media");
  const error = clientError ?? mediaError;

  /** With JavaScript: each file streams to the media route with progress; the page then reloads its data. */
  async function upload(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formData = new FormData(event.currentTarget);
    const files = chosenFiles(formData);
    const problem = mediaChoiceError(files, thumbnail ? [thumbnail] : []);
    setClientError(problem ?? undefined);
    if (problem) return;
    setUploading(true);
    const failure = await uploads.run(productId, files);
    setUploading(false);
    if (failure) {
      setClientError(failure);
      toast.error(`Error: ${failure}`);
    } else {
      toast.success(PRODUCT_CREATE_MESSAGES.mediaUploaded);
      formRef.current?.reset();
    }
    revalidator.revalidate();
  }

  return (
    <section aria-labelledby="media-title" className="space-y-6 rounded-2xl border border-slate-200 bg-white p-5 sm:p-8">
      <h2 id="media-title" className="text-lg font-semibold">
        Media
      </h2>
      <MediaList title="Images" empty="No images yet. The shop shows a placeholder until you add one." items={images} productId={productId} reorder />
      <MediaList title="Videos" empty="No videos." items={videos} productId={productId} reorder />
      <MediaList title="Video Thumbnail" empty="No video thumbnail." items={thumbnail ? [thumbnail] : []} productId={productId} reorder={false} />

      <Form
        ref={formRef}
        method="post"
        encType="multipart/form-data"
        onSubmit={upload}
        noValidate
        className="space-y-4 border-t border-slate-200 pt-6"
        aria-labelledby="add-media-title"
      >
        <h3 id="add-media-title" className="font-semibold">
          Add media
        </h3>
        <input type="hidden" name="intent" value="add-media" />
        {error ? (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
            {error}
          </p>
        ) : null}
        <FileInput
          label="Images"
          name="images"
          id="add-images"
          errorId="add-images-error"
          error={undefined}
          multiple
          accept={IMAGE_ACCEPT}
          hint={`${IMAGE_RULE}. New images go after the current ones.`}
        />
        <FileInput
          label="Videos"
          name="videos"
          id="add-videos"
          errorId="add-videos-error"
          error={undefined}
          multiple
          accept={VIDEO_ACCEPT}
          hint={`${VIDEO_RULE}.`}
        />
        <FileInput
          label="Video Thumbnail"
          name="video_thumbnail"
          id="add-thumbnail"
          errorId="add-thumbnail-error"
          error={undefined}
          accept={IMAGE_ACCEPT}
          hint="Replaces the current thumbnail. Required when adding videos to a product without one."
        />
        {uploading ? <MediaUploadList uploads={uploads.items} /> : null}
        <div className="flex justify-end">
          <SubmitButton busy={uploading || postingFiles} busyText="Uploading..." className="w-auto min-w-40">
            Upload media
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}

function MediaList({ title, empty, items, productId, reorder }: { title: string; empty: string; items: EditableMedia[]; productId: number; reorder: boolean }) {
  return (
    <div>
      <h3 className="font-semibold">{title}</h3>
      {items.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{empty}</p>
      ) : (
        <ol className="mt-3 grid gap-4 sm:grid-cols-2" aria-label={`Current ${title.toLowerCase()}`}>
          {items.map((item, index) => (
            <MediaItem
              key={item.id}
              item={item}
              index={index}
              count={items.length}
              productId={productId}
              reorder={reorder}
              label={`${title.replace(/s$/, "")} ${index + 1}`}
            />
          ))}
        </ol>
      )}
    </div>
  );
}

function MediaItem({
  item,
  index,
  count,
  productId,
  reorder,
  label,
}: {
  item: EditableMedia;
  index: number;
  count: number;
  productId: number;
  reorder: boolean;
  label: string;
}) {
  const fetcher = useFetcher();
  const action = `/admin/products/${productId}/edit`;
  const busy = fetcher.state !== "idle";
  const button = "rounded-lg px-2.5 py-1.5 text-xs font-semibold ring-1 disabled:opacity-50";
  return (
    <li className={`rounded-xl border border-slate-200 p-3 ${busy ? "opacity-60" : ""}`}>
      {item.kind === "video" ? (
        <video src={item.url} controls preload="metadata" className="aspect-video w-full rounded-lg bg-slate-900" aria-label={label} />
      ) : (
        <img src={item.url} alt={label} width={320} height={180} loading="lazy" className="aspect-video w-full rounded-lg bg-slate-100 object-cover" />
      )}
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <span className="mr-auto text-xs text-slate-600">
          {label}
          {item.kind === "image" && index === 0 ? " · cover" : ""}
        </span>
        {reorder ? (
          <>
            <fetcher.Form method="post" action={action}>
              <input type="hidden" name="intent" value="move-media" />
              <input type="hidden" name="media_id" value={item.id} />
              <input type="hidden" name="direction" value="up" />
              <button
                type="submit"
                disabled={index === 0 || busy}
                aria-label={`Move ${label} earlier`}
                className={`${button} ring-slate-300 hover:bg-slate-50`}
              >
                ← Earlier
              </button>
            </fetcher.Form>
            <fetcher.Form method="post" action={action}>
              <input type="hidden" name="intent" value="move-media" />
              <input type="hidden" name="media_id" value={item.id} />
              <input type="hidden" name="direction" value="down" />
              <button
                type="submit"
                disabled={index === count - 1 || busy}
                aria-label={`Move ${label} later`}
                className={`${button} ring-slate-300 hover:bg-slate-50`}
              >
                Later →
              </button>
            </fetcher.Form>
          </>
        ) : null}
        <fetcher.Form method="post" action={action}>
          <input type="hidden" name="intent" value="remove-media" />
          <input type="hidden" name="media_id" value={item.id} />
          <button type="submit" disabled={busy} aria-label={`Remove ${label}`} className={`${button} text-red-700 ring-red-200 hover:bg-red-50`}>
            Remove
          </button>
        </fetcher.Form>
      </div>
    </li>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

/** Who makes the product: its creators (checkboxes) and the lead among them; none: the studio makes it. */
function CreatorsSection({
  makers,
  choices,
  refused,
}: {
  makers: ProductCreatorView[];
  choices: { id: number; name: string; status: string; country: string | null }[];
  refused: string | undefined;
}) {
  const saving = useIsSubmitting("", "creators");
  const chosenIds = new Set(makers.map((m) => m.id));
  const lead = makers.find((m) => m.lead)?.id;
  return (
    <section aria-labelledby="creators-title" className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-8">
      <h2 id="creators-title" className="text-lg font-semibold">
        Creators
      </h2>
      <p className="mt-1 text-sm text-slate-600">Who makes this product. Orders of it are assigned to one of them; with none, the studio makes it.</p>
      <Form method="post" className="mt-4 space-y-3">
        <Refused message={refused} />
        {choices.length ? (
          <fieldset>
            <legend className="sr-only">Creators of this product</legend>
            <ul className="grid gap-2 sm:grid-cols-2">
              {choices.map((c) => (
                <li key={c.id} className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 text-sm">
                  <label className="flex min-w-0 flex-1 items-center gap-2">
                    <input type="checkbox" name="creator_ids" value={c.id} defaultChecked={chosenIds.has(c.id)} className="size-4" />
                    <span className="truncate font-medium">{c.name}</span>
                    {c.status !== "active" ? <span className="text-xs text-slate-500">({c.status})</span> : null}
                  </label>
                  <label className="flex items-center gap-1 text-slate-600">
                    <input type="radio" name="lead" value={c.id} defaultChecked={c.id === lead} className="size-4" />
                    Lead
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        ) : (
          <p className="text-sm text-slate-600">No creators yet: invite them on the Creators page.</p>
        )}
        <input type="hidden" name="intent" value="creators" />
        <SubmitButton busy={saving} busyText="Saving..." className="sm:w-auto">
          Save creators
        </SubmitButton>
      </Form>
    </section>
  );
}
