import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { useRef, useState, type FormEvent } from "react";
import { requireCreator } from "~/auth/index.server";
import { addPortfolioFile, addPortfolioUpload, getPortfolio, removePortfolioItem, type PortfolioItem } from "~/domain/creators/portfolio.server";
import { refusalInit, settle } from "~/http/screen-refusal.server";
import { formFiles } from "~/http/order-forms.server";
import { isMultipart, readScreenForm } from "~/http/request-body.server";
import { redirectWithToast } from "~/http/toast.server";
import { parseId } from "~/lib/record-id";
import { AVATAR_RULE, PIECE_RULE, PORTFOLIO_FORM, PORTFOLIO_PIECES, PORTFOLIO_TITLE_MAX, SHOWREEL_RULE } from "~/lib/rules/media-rules";
import { PortfolioFormSchema } from "~/lib/schemas/creator";
import { formatFileSize } from "~/lib/rules/delivery-rules";
import { partsUpload, TransferList, type Transfer } from "~/components/parts-uploads";
import type { PartsUpload } from "~/components/uploads/parts-upload";
import { useHydrated } from "~/components/use-hydrated";
import { variantSourceKey } from "~/lib/media-variants";

const HERE = "/studio/portfolio";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const creator = await requireCreator(context, request);
  return data({ portfolio: await getPortfolio(context.db, creator.id) }, { headers: { "Cache-Control": "no-store" } });
}

/**
 * Adds a file (a multipart form: the file itself without JavaScript, or `upload_id` of one sent in
 * parts with it) or removes an item (`intent=remove`). Refused input comes back with its reason and
 * the other choices kept.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const creator = await requireCreator(context, request);
  const form = await readScreenForm(request, isMultipart(request) ? PORTFOLIO_FORM : undefined);
  if (form.get("intent") === "remove") {
    const id = parseId(String(form.get("id") ?? ""));
    const removed = await settle(removePortfolioItem(context.db, context.env.MEDIA, creator.id, id ?? 0));
    if (!removed.ok) return data({ problem: removed.refusal.message, kept: null }, refusalInit(removed.refusal));
    return redirectWithToast(context.env, request, HERE, [{ kind: "success", message: "Removed from your portfolio." }]);
  }
  const parsed = PortfolioFormSchema.safeParse({
    kind: form.get("kind") ?? undefined,
    upload_id: form.get("upload_id") || undefined,
    title: form.get("title") ?? undefined,
  });
  const kept = { kind: String(form.get("kind") ?? ""), title: String(form.get("title") ?? "") };
  if (!parsed.success) return data({ problem: parsed.error.issues[0]?.message ?? "Choose a file", kept }, { status: 400 });
  const { kind, upload_id, title = "" } = parsed.data;
  const [file] = formFiles(form, "file");
  if (!upload_id && !file) return data({ problem: "Choose a file to add", kept }, { status: 400 });
  const added = await settle(
    upload_id
      ? addPortfolioUpload(context.db, context.env.MEDIA, creator.id, kind, title, upload_id)
      : addPortfolioFile(context.db, context.env.MEDIA, creator.id, kind, title, file!),
  );
  if (!added.ok) return data({ problem: added.refusal.message, kept }, refusalInit(added.refusal));
  const what = kind === "avatar" ? "Avatar saved." : kind === "showreel" ? "Showreel saved." : "Piece added to your portfolio.";
  return redirectWithToast(context.env, request, HERE, [{ kind: "success", message: what }]);
}

export const meta: MetaFunction = () => [{ title: "Your portfolio · Studio · Reelcraft" }, { name: "robots", content: "noindex" }];

export default function StudioPortfolio() {
  const { portfolio } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const full = portfolio.pieces.length >= PORTFOLIO_PIECES;
  return (
    <div className="max-w-4xl space-y-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Your portfolio</h1>
        <p className="mt-1 text-sm text-slate-600">
          What customers see of your work: an avatar, a showreel and up to {PORTFOLIO_PIECES} pieces. Files are checked like the shop's own media.
        </p>
      </div>
      <section aria-labelledby="current-title" className="space-y-4">
        <h2 id="current-title" className="text-lg font-semibold">
          On your profile
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <Slot title="Avatar" item={portfolio.avatar} empty="No avatar yet: customers see your initial." />
          <Slot title="Showreel" item={portfolio.showreel} empty="No showreel yet." />
        </div>
        <h3 className="text-base font-semibold">{`Pieces (${portfolio.pieces.length} of ${PORTFOLIO_PIECES})`}</h3>
        {portfolio.pieces.length === 0 ? (
          <p className="text-sm text-slate-600">No pieces yet. Add stills or clips of work you are proud of.</p>
        ) : (
          <ul aria-label="Portfolio pieces" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {portfolio.pieces.map((piece) => (
              <li key={piece.id}>
                <Slot title={piece.title || "Untitled piece"} item={piece} empty="" />
              </li>
            ))}
          </ul>
        )}
      </section>
      <AddForm problem={answer?.problem ?? null} kept={answer?.kept ?? null} full={full} />
    </div>
  );
}

function Preview({ item }: { item: PortfolioItem }) {
  if (item.content_type.startsWith("video/")) {
    return <video src={item.url} controls preload="metadata" className="aspect-video w-full rounded-lg bg-slate-900" aria-label={item.title || item.kind} />;
  }
  const still = variantSourceKey(item.url) ? `${item.url}.w480.webp` : item.url;
  return (
    <img
      src={still}
      alt={item.title || (item.kind === "avatar" ? "Your avatar" : "Portfolio piece")}
      className="aspect-video w-full rounded-lg bg-slate-100 object-cover"
    />
  );
}

function Slot({ title, item, empty }: { title: string; item: PortfolioItem | null; empty: string }) {
  const navigation = useNavigation();
  const removing = navigation.state !== "idle" && navigation.formData?.get("intent") === "remove" && navigation.formData?.get("id") === String(item?.id);
  return (
    <div className="space-y-2 rounded-xl border border-slate-200 bg-white p-3">
      <p className="text-sm font-semibold text-slate-800">{title}</p>
      {item ? (
        <>
          <Preview item={item} />
          <div className="flex items-center justify-between gap-2 text-xs text-slate-600">
            <span>{formatFileSize(item.size)}</span>
            <Form method="post" action={HERE}>
              <input type="hidden" name="intent" value="remove" />
              <input type="hidden" name="id" value={item.id} />
              <button type="submit" disabled={removing} className="font-semibold text-red-700 hover:underline">
                {removing ? "Removing..." : "Remove"}
                <span className="sr-only"> {title}</span>
              </button>
            </Form>
          </div>
        </>
      ) : (
        <p className="text-sm text-slate-600">{empty}</p>
      )}
    </div>
  );
}

/**
 * Adding a file. Without JavaScript the file travels in the form itself; with it, the file is first
 * sent in parts (with progress, pause and resume) and the form then names the finished upload.
 */
function AddForm({ problem, kept, full }: { problem: string | null; kept: { kind: string; title: string } | null; full: boolean }) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const navigation = useNavigation();
  const fileInput = useRef<HTMLInputElement>(null);
  const controls = useRef(new Map<string, PartsUpload>());
  const [transfer, setTransfer] = useState<Transfer | null>(null);
  const [localProblem, setLocalProblem] = useState<string | null>(null);
  const sending = transfer !== null && !["done", "failed", "cancelled"].includes(transfer.progress.state);
  const saving = navigation.state !== "idle" && navigation.formMethod === "POST" && navigation.formData?.get("intent") !== "remove";
  const shown = localProblem ?? problem;

  async function send(event: FormEvent<HTMLFormElement>) {
    const file = fileInput.current?.files?.[0];
    if (!hydrated || !file) return;
    event.preventDefault();
    setLocalProblem(null);
    const form = event.currentTarget;
    const key = `${file.name}-${file.size}-${file.lastModified}`;
    const track = (progress: Transfer["progress"]) => setTransfer({ key, name: file.name, progress });
    track({ state: "starting", sent: 0, size: file.size, resumed: false, message: null });
    try {
      const upload = await partsUpload(file, { purpose: "creator_media" }, track);
      controls.current.set(key, upload);
      const uploadId = await upload.start();
      const body = new FormData(form);
      body.delete("file");
      body.set("upload_id", uploadId);
      submit(body, { method: "post", action: HERE, encType: "multipart/form-data" });
      if (fileInput.current) fileInput.current.value = "";
    } catch (error) {
      setLocalProblem((error as Error).message || "The file could not be sent: try again");
    }
  }

  return (
    <section aria-labelledby="add-title" className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6">
      <h2 id="add-title" className="text-lg font-semibold">
        Add to your portfolio
      </h2>
      {shown ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {shown}
        </p>
      ) : null}
      <Form method="post" action={HERE} encType="multipart/form-data" onSubmit={(e) => void send(e)} className="space-y-4">
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">What is it?</legend>
          <div className="mt-2 space-y-2 text-sm">
            <label className="flex items-start gap-2">
              <input type="radio" name="kind" value="avatar" defaultChecked={kept?.kind === "avatar"} required className="mt-0.5 size-4" />
              <span>
                Avatar <span className="text-slate-500">({AVATAR_RULE}; replaces the one before)</span>
              </span>
            </label>
            <label className="flex items-start gap-2">
              <input type="radio" name="kind" value="showreel" defaultChecked={kept?.kind === "showreel"} className="mt-0.5 size-4" />
              <span>
                Showreel <span className="text-slate-500">({SHOWREEL_RULE}; replaces the one before)</span>
              </span>
            </label>
            <label className="flex items-start gap-2">
              <input type="radio" name="kind" value="piece" defaultChecked={!kept || kept.kind === "piece"} disabled={full} className="mt-0.5 size-4" />
              <span>
                Portfolio piece <span className="text-slate-500">({full ? `you have ${PORTFOLIO_PIECES}: remove one to add another` : PIECE_RULE})</span>
              </span>
            </label>
          </div>
        </fieldset>
        <div>
          <label htmlFor="portfolio-title" className="block text-sm font-medium text-slate-800">
            Caption (pieces only, optional)
          </label>
          <input
            id="portfolio-title"
            name="title"
            defaultValue={kept?.title ?? ""}
            maxLength={PORTFOLIO_TITLE_MAX}
            className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2.5 text-sm shadow-sm"
          />
        </div>
        <div>
          <label htmlFor="portfolio-file" className="block text-sm font-medium text-slate-800">
            File
          </label>
          <input
            ref={fileInput}
            id="portfolio-file"
            name="file"
            type="file"
            required
            accept="image/jpeg,image/png,image/webp,image/avif,image/gif,video/mp4,video/webm"
            className="mt-1 block w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:py-1.5 file:text-sm file:font-semibold"
          />
        </div>
        {transfer ? <TransferList transfers={[transfer]} controls={controls.current} label="Portfolio upload" /> : null}
        <button
          type="submit"
          disabled={sending || saving}
          className="rounded-lg bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
        >
          {sending ? "Uploading..." : saving ? "Saving..." : "Add to portfolio"}
        </button>
      </Form>
    </section>
  );
}
