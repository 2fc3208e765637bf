import type { MetaFunction } from "@remix-run/cloudflare";

export const meta: MetaFunction = () => [{ title: "Privacy · Reelcraft" }, { name: "robots", content: "noindex" }];

/** The customer's data rights: a copy of everything the shop keeps about them, as a file. */
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
    </section>
  );
}
