import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { DeleteAccountForm } from "~/components/delete-account-form";
import { confirmCurrentPassword, requireCustomer } from "~/auth/index.server";
import { deleteCustomerAccount, listOpenWork } from "~/domain/privacy/account-deletion.server";
import { deleteAccountFromForm } from "~/http/data-rights.server";
import { actionRetryAfter } from "~/lib/retry-after";
import { openWorkMessage } from "~/lib/schemas/account-deletion";
import { WORK_STATUS_LABEL } from "~/lib/rules/work-status";
import { paths } from "~/lib/paths";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const customer = await requireCustomer(context, request);
  return { openWork: await listOpenWork(context.db, customer.id) };
}

export const headers = actionRetryAfter;

/** 'Delete my account': the password asked again, then the erasure (app/domain/privacy/account-deletion.server.ts); signed out, to the home page. */
export async function action({ request, context }: ActionFunctionArgs) {
  const customer = await requireCustomer(context, request);
  return deleteAccountFromForm(
    request,
    "customer",
    (password) => deleteCustomerAccount(context, customer.id, () => confirmCurrentPassword(context, "customer", customer.id, password)),
    "/home?account=deleted",
  );
}

export const meta: MetaFunction = () => [{ title: "Privacy · Reelcraft" }, { name: "robots", content: "noindex" }];

/** The customer's data rights: a copy of everything the shop keeps about them, as a file, and deleting the account. */
export default function ProfilePrivacy() {
  return (
    <section aria-labelledby="privacy-title" className="space-y-6">
      <h1 id="privacy-title" className="text-2xl font-bold tracking-tight">
        Privacy
      </h1>
      <div className="space-y-3 rounded-2xl border border-slate-200 bg-white p-6">
        <h2 className="text-lg font-semibold">Download my data</h2>
        <p className="text-sm text-slate-700">
          A JSON file with your account, billing addresses, orders with their invoices and credit notes, briefs, messages, revision requests and their comments,
          your reviews, and links to your files (the links work while you are signed in).
        </p>
        <a
          href="/profile/privacy/my-data.json"
          download
          className="inline-flex rounded-lg bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-800"
        >
          Download my data
        </a>
      </div>
      <DeleteAccount />
    </section>
  );
}

function DeleteAccount() {
  const { openWork } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>()?.result;
  return (
    <section aria-labelledby="delete-title" className="space-y-3 rounded-2xl border border-red-200 bg-white p-6">
      <h2 id="delete-title" className="text-lg font-semibold">
        Delete my account
      </h2>
      <p className="text-sm text-slate-700">
        Your name, email address, saved addresses, briefs, messages, files and revision requests are erased at once, and you are signed out everywhere. Invoices
        and credit notes keep what the law requires: the name, address, tax number and amounts on them. Your reviews stay on the shop, shown as “Former
        customer”. An email confirms the deletion. This cannot be undone.
      </p>
      <p className="text-sm text-slate-700">Orders still in progress must be completed or cancelled first.</p>
      {openWork.length ? (
        <div className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          <p>{openWorkMessage(openWork)}</p>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {openWork.map((order) => (
              <li key={order.id}>
                <Link to={paths.customerOrder(order.id)} className="font-semibold underline">
                  Order #{order.id}
                </Link>{" "}
                · {WORK_STATUS_LABEL[order.workStatus]}
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <DeleteAccountForm action="/profile/privacy" lastResult={lastResult} />
      )}
    </section>
  );
}
