import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { adminDateTime } from "~/components/admin-orders-table";
import { requireAdmin } from "~/auth/index.server";
import { listEmails, OUTBOX_SIZE } from "~/domain/mail/mail.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  return { emails: await listEmails(context.db), shown: OUTBOX_SIZE };
}

export const meta: MetaFunction = () => [{ title: "Emails · Admin · Reelcraft" }];

const STATUS = { queued: "Queued", sent: "Sent", failed: "Failed" } as const;
const STATUS_STYLE = { queued: "bg-amber-50 text-amber-800", sent: "bg-emerald-50 text-emerald-800", failed: "bg-red-50 text-red-800" } as const;

/** The outbox: every email the shop sent or is sending, newest first. */
export default function Emails() {
  const { emails, shown } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Emails</h1>
        <p className="mt-1 text-sm text-slate-600">Every message the shop sends, newest first (the latest {shown}).</p>
      </div>
      {emails.length === 0 ? (
        <p className="text-slate-600">No emails yet.</p>
      ) : (
        <div className="scroll-shadow-x overflow-x-auto rounded-2xl border border-slate-200">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Emails, newest first</caption>
            <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
              <tr>
                <th scope="col" className="px-4 py-3">
                  Recipient
                </th>
                <th scope="col" className="px-4 py-3">
                  Subject
                </th>
                <th scope="col" className="px-4 py-3">
                  Status
                </th>
                <th scope="col" className="px-4 py-3">
                  Created
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {emails.map((e) => (
                <tr key={e.id}>
                  <td className="px-4 py-3">{e.recipient}</td>
                  <td className="px-4 py-3">
                    <Link to={`/admin/emails/${e.id}`} className="font-semibold text-brand-700 hover:underline">
                      {e.subject}
                    </Link>
                  </td>
                  <td className="px-4 py-3">
                    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[e.status]}`}>{STATUS[e.status]}</span>
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap">
                    <time dateTime={new Date(e.createdAt).toISOString()}>{adminDateTime.format(new Date(e.createdAt))}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
