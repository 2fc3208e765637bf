import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { adminDateTime } from "~/components/admin-orders-table";
import { requireAdmin } from "~/auth/index.server";
import { listDemoRequests } from "~/domain/marketing/demo-requests.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  return { requests: await listDemoRequests(context.db) };
}

export const meta: MetaFunction = () => [{ title: "Demo requests · Admin · Reelcraft" }];

/** Requests from the landing page's 'Book a demo' form, newest first. */
export default function DemoRequests() {
  const { requests } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight">Demo requests</h1>
      {requests.length === 0 ? (
        <p className="text-slate-600">No demo requests yet.</p>
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2">
          {requests.map((r) => (
            <li key={r.id} className="rounded-2xl border border-slate-200 bg-white p-5 text-sm">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p className="font-semibold">{r.name}</p>
                <time className="text-xs text-slate-500" dateTime={new Date(r.createdAt).toISOString()}>
                  {adminDateTime.format(new Date(r.createdAt))}
                </time>
              </div>
              <a href={`mailto:${r.email}`} className="text-brand-700 hover:underline">
                {r.email}
              </a>
              {r.company ? <p className="text-slate-600">{r.company}</p> : null}
              {r.message ? <p className="mt-2 whitespace-pre-line text-slate-700">{r.message}</p> : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
