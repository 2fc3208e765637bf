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

// The page repeats a link, a method and a table row for some ninety calls: their styles are set once,
// on the parent, so each repeat carries none (the page stays within its size budget).
const METHOD = "[&_[data-method]]:rounded [&_[data-method]]:font-mono";
const METHODS = [
  METHOD,
  "[&_[data-method=GET]]:bg-sky-100 [&_[data-method=GET]]:text-sky-900",
  "[&_[data-method=POST]]:bg-emerald-100 [&_[data-method=POST]]:text-emerald-900",
  "[&_[data-method=PUT]]:bg-amber-100 [&_[data-method=PUT]]:text-amber-900",
  "[&_[data-method=DELETE]]:bg-rose-100 [&_[data-method=DELETE]]:text-rose-900",
].join(" ");
const NAV_LINKS = [
  METHODS,
  "[&_a]:flex [&_a]:gap-2 [&_a]:rounded [&_a]:px-2 [&_a]:py-1 [&_a:hover]:bg-slate-50 [&_a:focus-visible]:outline-2 [&_a:focus-visible]:outline-indigo-600",
  "[&_[data-method]]:w-16 [&_[data-method]]:shrink-0 [&_[data-method]]:px-1 [&_[data-method]]:text-center [&_[data-method]]:text-xs [&_[data-method]]:leading-5",
].join(" ");
const CALLS = [
  "[&>section]:scroll-mt-24 [&>section]:rounded-2xl [&>section]:border [&>section]:border-slate-200 [&>section]:p-5",
  "[&_h2]:flex [&_h2]:flex-wrap [&_h2]:items-center [&_h2]:gap-2 [&_h2]:text-lg [&_h2]:font-semibold",
  "[&_h2_[data-method]]:px-2 [&_h2_[data-method]]:text-sm [&_h2>span:last-child]:font-mono [&_h2>span:last-child]:break-all",
  "[&_details]:mt-4 [&_summary]:cursor-pointer [&_summary]:text-sm [&_summary]:font-medium",
  "[&_pre]:mt-2 [&_pre]:max-h-96 [&_pre]:overflow-auto [&_pre]:rounded-lg [&_pre]:bg-slate-50 [&_pre]:p-3 [&_pre]:text-xs",
  "[&_h3]:mt-4 [&_h3]:text-sm [&_h3]:font-medium [&_section>ul]:mt-1 [&_section>ul]:space-y-0.5 [&_section>ul]:text-sm",
].join(" ");
const TABLES = [
  "[&_th]:py-1 [&_th]:pr-4 [&_th]:font-medium [&_thead_tr]:border-b [&_thead_tr]:border-slate-200",
  "[&_tbody_tr]:border-b [&_tbody_tr]:border-slate-100 [&_tbody_tr]:align-top [&_td]:py-1 [&_td]:pr-4",
  "[&_td:first-child]:font-mono [&_td:last-child]:font-mono [&_td:last-child]:text-xs [&_td:last-child]:break-all",
].join(" ");

/**
 * A schema as the page shows it, laid out here rather than in the loader's data (which the page
 * carries once more for the browser): one `key: value` per line, nested keys indented, lists of
 * plain values on one line, text unquoted unless it would read as another value.
 */
function laidOut(value: unknown, indent = ""): string {
  if (!isRecord(value) && !Array.isArray(value)) return scalar(value);
  if (Array.isArray(value)) {
    if (value.every((item) => !isRecord(item) && !Array.isArray(item))) return `[${value.map((item) => scalar(item, true)).join(", ")}]`;
    return value.map((item) => `\n${indent}- ${laidOut(item, `${indent}  `).trimStart()}`).join("");
  }
  return Object.entries(value)
    .map(([key, item]) => {
      const nested = isRecord(item) || (Array.isArray(item) && item.some((i) => isRecord(i) || Array.isArray(i)));
      return `\n${indent}${key}:${nested ? laidOut(item, `${indent}  `) : ` ${laidOut(item)}`}`;
    })
    .join("");
}
const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value);
/** A plain value: text as it is, quoted where it would read as a number, true, false or null, has spaces at an end or a line break, or (in a list) a comma. */
const scalar = (value: unknown, inList = false) =>
  typeof value === "string" && value !== "" && !/^(?:true|false|null|-?\d[\d.e+-]*|\s[\s\S]*|[\s\S]*\s)$|\n/.test(value) && !(inList && /[,\]]/.test(value))
    ? value
    : JSON.stringify(value);

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
        <ul className={`grid gap-1 font-mono text-sm sm:grid-cols-2 ${NAV_LINKS}`}>
          {entries.map((e) => (
            <li key={e.id}>
              <a href={`#${e.id}`}>
                <span data-method={e.method}>{e.method}</span>
                {e.path}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className={`mt-10 space-y-8 ${METHODS} ${TABLES} ${CALLS}`}>
        {entries.map((e) => (
          <section key={e.id} id={e.id} aria-labelledby={`${e.id}-title`}>
            <h2 id={`${e.id}-title`}>
              <span data-method={e.method}>{e.method}</span>
              <span>{e.path}</span>
            </h2>
            <p className="mt-2 text-slate-700">{e.summary}</p>
            <p className="mt-1 text-sm text-slate-600">Authorisation: {AUTH_LABEL[e.auth] ?? e.auth}</p>
            {e.parameters.length > 0 ? (
              <table className="mt-4 w-full text-left text-sm">
                <caption className="sr-only">
                  Parameters of {e.method} {e.path}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Parameter</th>
                    <th scope="col">In</th>
                    <th scope="col">Required</th>
                    <th scope="col">Schema</th>
                  </tr>
                </thead>
                <tbody>
                  {e.parameters.map((p) => (
                    <tr key={`${p.in}-${p.name}`}>
                      <td>{p.name}</td>
                      <td>{p.in}</td>
                      <td>{p.required ? "yes" : "no"}</td>
                      <td>{JSON.stringify(p.schema)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : null}
            {e.bodies.map((body) => (
              <details key={body.contentType}>
                <summary>Request body ({body.contentType})</summary>
                <pre>{laidOut(body.schema).trimStart()}</pre>
              </details>
            ))}
            <h3>Answers</h3>
            <ul>
              {e.responses.map((r) => (
                <li key={r.status}>
                  <code>{r.status}</code> {r.description}
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
            <pre className="mt-2 max-h-96 overflow-auto rounded-lg bg-slate-50 p-3 text-xs">{laidOut(schema.schema).trimStart()}</pre>
          </details>
        ))}
      </div>
    </div>
  );
}
