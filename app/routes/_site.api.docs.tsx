import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { apiReference } from "~/http/openapi.server";

/** The JSON API's reference, for people: the OpenAPI document (/api/v1/openapi.json) laid out. */
export function loader({ request }: LoaderFunctionArgs) {
  return apiReference(new URL(request.url).origin);
}

export const meta: MetaFunction = () => [
  { title: "API reference · Reelcraft" },
  { name: "description", content: "Every call of the Reelcraft JSON API: who may make it, what it takes and what it answers." },
];

const AUTH_LABEL: Record<string, string> = {
  public: "No token",
  customer: "Customer token",
  admin: "Admin token",
  "customer or admin": "Customer or admin token",
  "stripe-signature": "Stripe signature",
};

const METHOD_STYLE: Record<string, string> = {
  GET: "bg-sky-100 text-sky-900",
  POST: "bg-emerald-100 text-emerald-900",
  PUT: "bg-amber-100 text-amber-900",
  DELETE: "bg-rose-100 text-rose-900",
};

export default function ApiDocs() {
  const { baseUrl, entries, schemas } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">API reference</h1>
      <p className="mt-3 max-w-3xl text-slate-700">
        Every call takes and answers JSON under <code className="rounded bg-slate-100 px-1">{baseUrl}</code>. Calls that need a token take{" "}
        <code className="rounded bg-slate-100 px-1">Authorization: Bearer …</code> from the sign-in calls. The same contract as a machine-readable OpenAPI 3.1
        document:{" "}
        <a className="font-medium text-indigo-700 underline" href="/api/v1/openapi.json">
          /api/v1/openapi.json
        </a>
        .
      </p>
      <nav aria-label="Calls" className="mt-8">
        <ul className="grid gap-1 text-sm sm:grid-cols-2">
          {entries.map((e) => (
            <li key={e.id}>
              <a className="flex gap-2 rounded px-2 py-1 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600" href={`#${e.id}`}>
                <span className={`w-16 shrink-0 rounded px-1 text-center font-mono text-xs leading-5 ${METHOD_STYLE[e.method] ?? ""}`}>{e.method}</span>
                <span className="font-mono">{e.path}</span>
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-10 space-y-8">
        {entries.map((e) => (
          <section key={e.id} id={e.id} aria-labelledby={`${e.id}-title`} className="scroll-mt-24 rounded-2xl border border-slate-200 p-5">
            <h2 id={`${e.id}-title`} className="flex flex-wrap items-center gap-2 text-lg font-semibold">
              <span className={`rounded px-2 font-mono text-sm ${METHOD_STYLE[e.method] ?? ""}`}>{e.method}</span>
              <span className="font-mono break-all">{e.path}</span>
            </h2>
            <p className="mt-2 text-slate-700">{e.summary}</p>
            <p className="mt-1 text-sm text-slate-600">Authorisation: {AUTH_LABEL[e.auth] ?? e.auth}</p>
            {e.parameters.length > 0 ? (
              <table className="mt-4 w-full text-left text-sm">
                <caption className="sr-only">
                  Parameters of {e.method} {e.path}
                </caption>
                <thead>
                  <tr className="border-b border-slate-200">
                    <th scope="col" className="py-1 pr-4 font-medium">
                      Parameter
                    </th>
                    <th scope="col" className="py-1 pr-4 font-medium">
                      In
                    </th>
                    <th scope="col" className="py-1 pr-4 font-medium">
                      Required
                    </th>
                    <th scope="col" className="py-1 font-medium">
                      Schema
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {e.parameters.map((p) => (
                    <tr key={`${p.in}-${p.name}`} className="border-b border-slate-100 align-top">
                      <td className="py-1 pr-4 font-mono">{p.name}</td>
                      <td className="py-1 pr-4">{p.in}</td>
                      <td className="py-1 pr-4">{p.required ? "yes" : "no"}</td>
                      <td className="py-1 font-mono text-xs break-all">{p.schema}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : null}
            {e.bodies.map((body) => (
              <details key={body.contentType} className="mt-4">
                <summary className="cursor-pointer text-sm font-medium">Request body ({body.contentType})</summary>
                <pre className="mt-2 max-h-96 overflow-auto rounded-lg bg-slate-50 p-3 text-xs">{body.schema}</pre>
              </details>
            ))}
            <h3 className="mt-4 text-sm font-medium">Answers</h3>
            <ul className="mt-1 space-y-0.5 text-sm">
              {e.responses.map((r) => (
                <li key={r.status}>
                  <span className="font-mono">{r.status}</span> {r.description}
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      <h2 id="schemas" className="mt-12 text-2xl font-bold tracking-tight">
        Schemas
      </h2>
      <p className="mt-2 max-w-3xl text-slate-700">
        What several calls share, written once: a <code className="rounded bg-slate-100 px-1">$ref</code> of{" "}
        <code className="rounded bg-slate-100 px-1">#/components/schemas/Name</code> above is the schema of that name.
      </p>
      <div className="mt-4 space-y-2">
        {schemas.map((schema) => (
          <details key={schema.name} id={`schema-${schema.name}`} className="rounded-lg border border-slate-200 px-4 py-2">
            <summary className="cursor-pointer font-mono text-sm font-medium">{schema.name}</summary>
            <pre className="mt-2 max-h-96 overflow-auto rounded-lg bg-slate-50 p-3 text-xs">{schema.schema}</pre>
          </details>
        ))}
      </div>
    </div>
  );
}
