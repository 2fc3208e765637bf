import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { adminDateTime } from "~/components/admin-orders-table";
import { Pagination } from "~/components/ui/pagination";
import { parsePageParam } from "~/lib/query";
import { CUSTOMER_SEARCH_MAX, customerSearch } from "~/lib/customer-search";
import { listUsersWithVerification, requireAdmin } from "~/auth/index.server";

/** SPEC §9: five users per page. */
const PAGE_SIZE = 5;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const url = new URL(request.url);
  const page = parsePageParam(url.searchParams.get("page"));
  const q = (url.searchParams.get("q") ?? "").slice(0, CUSTOMER_SEARCH_MAX);
  const result = await listUsersWithVerification(context.db, page, PAGE_SIZE, customerSearch(q));
  if (page > result.totalPages) throw redirect(`/admin/users?${q ? `q=${encodeURIComponent(q)}&` : ""}page=${result.totalPages}`);
  return { users: result.data, page, totalPages: result.totalPages, q, total: result.total };
}

export const meta: MetaFunction = () => [{ title: "Users · Admin · Reelcraft" }];

export default function AdminUsers() {
  const { users, page, totalPages, q, total } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight">Users</h1>
      {/* A GET form: the search is in the URL, works without JavaScript and pages with the list. */}
      <Form method="get" role="search" aria-label="Customers" className="flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1 sm:max-w-md">
          <label htmlFor="user-search" className="block text-sm font-medium text-slate-800">
            Search by email or name
          </label>
          <input
            id="user-search"
            type="search"
            name="q"
            defaultValue={q}
            maxLength={CUSTOMER_SEARCH_MAX}
            placeholder="ada@ or Ada Lovelace"
            className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2.5 text-sm shadow-sm"
          />
        </div>
        <button type="submit" className="rounded-lg bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-800">
          Search
        </button>
        {q ? (
          <Link to="/admin/users" className="rounded-lg px-3 py-2.5 text-sm font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50">
            Clear
          </Link>
        ) : null}
      </Form>
      {q ? (
        <p role="status" className="text-sm text-slate-600">
          {total === 0 ? `No customers match “${q}”.` : `${total} ${total === 1 ? "customer matches" : "customers match"} “${q}”.`}
        </p>
      ) : null}
      <div className="scroll-shadow-x overflow-x-auto rounded-2xl border border-slate-200">
        <table className="w-full min-w-[40rem] text-left text-sm">
          <thead className="border-b border-slate-200 bg-slate-50 text-slate-600">
            <tr>
              {["ID", "Name", "Email", "Created At", "Email confirmed"].map((h) => (
                <th key={h} scope="col" className="p-4 font-semibold">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {users.map((u) => (
              <tr key={u.id}>
                <td className="p-4 tabular-nums">{u.id}</td>
                <td className="p-4 font-medium">{u.name}</td>
                <td className="p-4">{u.email}</td>
                <td className="p-4 text-slate-600">{adminDateTime.format(new Date(u.created_at))}</td>
                <td className="p-4">
                  {u.emailVerified ? <span className="font-medium text-emerald-700">Yes</span> : <span className="text-slate-500">Not yet</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination page={page} totalPages={totalPages} label="Users pages" />
    </div>
  );
}
