import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { DeleteAccountForm } from "~/components/delete-account-form";
import { confirmCurrentPassword, requireCreator } from "~/auth/index.server";
import { deleteCreatorAccount, openAssignments } from "~/domain/privacy/creator-privacy.server";
import { openAssignmentsMessage } from "~/lib/rules/creators";
import { deleteAccountFromForm } from "~/http/data-rights.server";
import { actionRetryAfter } from "~/lib/retry-after";
import { paths } from "~/lib/paths";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const creator = await requireCreator(context, request, { allowSuspended: true });
  return { open: await openAssignments(context.db, creator.id) };
}

export const headers = actionRetryAfter;

/** 'Delete my account': the password asked again, then the erasure (app/domain/privacy/creator-privacy.server.ts); signed out, to the sign-in page. */
export async function action({ request, context }: ActionFunctionArgs) {
  const creator = await requireCreator(context, request, { allowSuspended: true });
  return deleteAccountFromForm(
    request,
    "creator",
    (password) => deleteCreatorAccount(context, creator.id, () => confirmCurrentPassword(context, "creator", creator.id, password)),
    "/creator/login?notice=account-deleted",
  );
}

export const meta: MetaFunction = () => [{ title: "Privacy · Studio · Reelcraft" }, { name: "robots", content: "noindex" }];

/** The creator's data rights: a copy of what the shop keeps about them, and deleting the account. */
export default function StudioPrivacy() {
  const { open } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>()?.result;
  return (
    <section aria-labelledby="privacy-title" className="max-w-3xl space-y-6">
      <h1 id="privacy-title" className="text-2xl font-bold tracking-tight">
        Privacy
      </h1>
      <div className="space-y-3 rounded-2xl border border-slate-200 bg-white p-6">
        <h2 className="text-lg font-semibold">Download my data</h2>
        <p className="text-sm text-slate-700">
          A JSON file with your account and profile, your portfolio, the products you are credited on, the orders assigned to you, and the messages and comments
          you wrote.
        </p>
        <a
          href="/studio/privacy/my-data.json"
          download
          className="inline-flex rounded-lg bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-800"
        >
          Download my data
        </a>
      </div>
      <section aria-labelledby="delete-title" className="space-y-3 rounded-2xl border border-red-200 bg-white p-6">
        <h2 id="delete-title" className="text-lg font-semibold">
          Delete my account
        </h2>
        <p className="text-sm text-slate-700">
          Your profile, portfolio and sign-ins are erased at once, and you are signed out everywhere. Your messages and comments stay on the orders they belong
          to, shown as “Former creator”; the studio keeps which orders you made and when, as its payment and tax records require. An email confirms the
          deletion. This cannot be undone.
        </p>
        {open.length ? (
          <div className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
            <p>{openAssignmentsMessage(open)}</p>
            <ul className="mt-2 list-disc space-y-1 pl-5">
              {open.map((id) => (
                <li key={id}>
                  <Link to={paths.studioOrder(id)} className="font-semibold underline">
                    Order #{id}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ) : (
          <DeleteAccountForm action="/studio/privacy" lastResult={lastResult} />
        )}
      </section>
    </section>
  );
}
