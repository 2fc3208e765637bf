import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { refuse } from "~/domain/refusal";
import { refusedData } from "~/http/screen-refusal.server";
import { Form, Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { Pagination } from "~/components/ui/pagination";
import { parsePageParam } from "~/lib/query";
import { requireAdmin } from "~/auth/index.server";
import { listAdminProducts, publishProduct } from "~/domain/catalogue/product-admin.server";
import { parseId } from "~/lib/record-id";
import { PRODUCT_PUBLISHED } from "~/lib/api-answers";
import { readForm } from "~/http/request-body.server";

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

/** 'Publish' on a draft's row: it goes on sale. */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(context, request);
  const form = await readForm(request);
  const id = parseId(String(form.get("product_id") ?? ""));
  if (form.get("intent") !== "publish" || id === null) return refusedData(refuse.malformed("Unknown action"));
  if (!(await publishProduct(context.db, id))) return data({ refused: "Product not found" }, { status: 404 });
  const page = new URL(request.url).searchParams.get("page");
  return redirect(`/admin/products?${page ? `page=${encodeURIComponent(page)}&` : ""}published=${id}`);
}

export default function AdminProducts() {
  const { products, page, totalPages } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  return (
    <div className="space-y-6">
      {params.get("published") ? (
        <p role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-800">
          {`${PRODUCT_PUBLISHED}: it is on sale now.`}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold tracking-tight">Products</h1>
        <Link to="/admin/products/new" className="rounded-lg bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-800">
          Add New Product
        </Link>
      </div>
      <div className="scroll-shadow-x overflow-x-auto rounded-2xl border border-slate-200">
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
                  {p.status === "draft" ? <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Draft</span> : null}
                </td>
                <td className="max-w-md p-4 text-slate-600">
                  <span className="line-clamp-2">{p.description}</span>
                </td>
                <td className="p-4">
                  <div className="flex flex-wrap items-center gap-4">
                    <Link
                      to={`/admin/products/${p.id}`}
                      className="font-semibold text-brand-700 hover:underline"
                      aria-label={`${p.status === "draft" ? "Preview" : "View"} ${p.title}`}
                    >
                      {p.status === "draft" ? "Preview" : "View"}
                    </Link>
                    <Link to={`/admin/products/${p.id}/edit`} className="font-semibold text-brand-700 hover:underline" aria-label={`Edit ${p.title}`}>
                      Edit
                    </Link>
                    {p.status === "draft" ? (
                      <Form method="post">
                        <input type="hidden" name="product_id" value={p.id} />
                        <button
                          type="submit"
                          name="intent"
                          value="publish"
                          className="rounded-lg bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-800"
                          aria-label={`Publish ${p.title}`}
                        >
                          Publish
                        </button>
                      </Form>
                    ) : null}
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
