import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { adminDateTime } from "~/components/admin-orders-table";
import { parseId } from "~/lib/record-id";
import { requireAdmin } from "~/auth/index.server";
import { getEmail } from "~/domain/mail/mail.server";
import { notFound } from "~/http/answers.server";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const id = parseId(params.id);
  const email = id === null ? null : await getEmail(context.db, id);
  if (!email) throw notFound("Email not found");
  return { email };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.email.subject ?? "Email"} · Admin · Reelcraft` }];

/** One message of the outbox: its HTML version (sandboxed: no scripts, no forms) and its plain text. */
export default function EmailDetail() {
  const { email } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <Link to="/admin/emails" className="text-sm font-semibold text-brand-700 hover:underline">
        ← All emails
      </Link>
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{email.subject}</h1>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm text-slate-700">
          <dt className="font-semibold">To</dt>
          <dd>{email.recipient}</dd>
          <dt className="font-semibold">Status</dt>
          <dd>{email.status === "sent" ? "Sent" : email.status === "failed" ? "Failed" : "Queued"}</dd>
          <dt className="font-semibold">Created</dt>
          <dd>{adminDateTime.format(new Date(email.createdAt))}</dd>
          {Object.entries(email.headers ?? {}).map(([name, value]) => (
            <div key={name} className="contents">
              <dt className="font-semibold">{name}</dt>
              <dd className="break-all">{value}</dd>
            </div>
          ))}
        </dl>
      </div>
      <section aria-labelledby="html-version" className="space-y-2">
        <h2 id="html-version" className="text-lg font-semibold">
          HTML version
        </h2>
        <iframe title="HTML version of the email" sandbox="" srcDoc={email.html} className="h-[36rem] w-full rounded-2xl border border-slate-200 bg-white" />
      </section>
      <section aria-labelledby="text-version" className="space-y-2">
        <h2 id="text-version" className="text-lg font-semibold">
          Text version
        </h2>
        <pre className="overflow-x-auto rounded-2xl border border-slate-200 bg-white p-4 text-sm whitespace-pre-wrap" data-testid="email-text">
          {email.text}
        </pre>
      </section>
    </div>
  );
}
