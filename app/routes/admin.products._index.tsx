import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { Pagination } from "~/components/ui/pagination";
import { parsePageParam } from "~/lib/query";
import { requireAdmin } from "~/auth/index.server";
import { listAdminProducts } from "~/domain/catalogue/product-admin.server";

/** SPEC §9: five products per page in the admin list. */
const PAGE_SIZE = 5;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const url = new URL(request.url);
  const page = parsePageParam(url.searchParams.get("page"));
  const products = await listAdminProducts(context.db, page, PAGE_SIZE);
  if (page > products.totalPages) throw redirect(`/admin/products?page=${products.totalPages}`);
  return { products: products.data, page, totalPages: products.totalPages };
}

export const meta: MetaFunction = () => [{ title: "Products · Admin · Reelcraft" }];

export default function AdminProducts() {
  const { products, page, totalPages } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold tracking-tight">Products</h1>
        <Link to="/admin/products/new" className="rounded-lg bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-800">
          Add New Product
        </Link>
      </div>
      <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white">
        <table className="w-full min-w-[40rem] text-left text-sm">
          <thead className="border-b border-slate-200 bg-slate-50 text-slate-600">
            <tr>
              <th scope="col" className="p-4 font-semibold">
                ID
              </th>
              <th scope="col" className="p-4 font-semibold">
                Title
              </th>
              <th scope="col" className="p-4 font-semibold">
                Description
              </th>
              <th scope="col" className="p-4 font-semibold">
                Actions
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {products.map((p) => (
              <tr key={p.id}>
                <td className="p-4 tabular-nums text-slate-500">{p.id}</td>
                <td className="p-4 font-medium">
                  {p.title}
                  {p.archived ? <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">Archived</span> : null}
                </td>
                <td className="max-w-md p-4 text-slate-600">
                  <span className="line-clamp-2">{p.description}</span>
                </td>
                <td className="p-4">
                  <div className="flex gap-4">
                    <Link to={`/admin/products/${p.id}`} className="font-semibold text-brand-700 hover:underline" aria-label={`View ${p.title}`}>
                      View
                    </Link>
                    <Link to={`/admin/products/${p.id}/edit`} className="font-semibold text-brand-700 hover:underline" aria-label={`Edit ${p.title}`}>
                      Edit
                    </Link>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination page={page} totalPages={totalPages} label="Products pages" />
    </div>
  );
}
