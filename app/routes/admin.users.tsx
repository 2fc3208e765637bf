import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { adminDateTime } from "~/components/admin-orders-table";
import { Pagination } from "~/components/ui/pagination";
import { parsePageParam } from "~/lib/query";
import { listUsersWithVerification, requireAdmin } from "~/auth/index.server";

/** SPEC §9: five users per page. */
const PAGE_SIZE = 5;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const page = parsePageParam(new URL(request.url).searchParams.get("page"));
  const result = await listUsersWithVerification(context.db, page, PAGE_SIZE);
  if (page > result.totalPages) throw redirect(`/admin/users?page=${result.totalPages}`);
  return { users: result.data, page, totalPages: result.totalPages };
}

export const meta: MetaFunction = () => [{ title: "Users · Admin · Reelcraft" }];

export default function AdminUsers() {
  const { users, page, totalPages } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight">Users</h1>
      <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white">
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
