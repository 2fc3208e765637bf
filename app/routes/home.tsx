import { getInputProps, getTextareaProps } from "@conform-to/react";
import { actionRetryAfter } from "~/lib/retry-after";
import { parseSubmission } from "~/http/form-submission.server";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { Footer } from "~/components/footer";
import { Logo } from "~/components/logo";
import { FormError } from "~/components/ui/form";
import { useIsSubmitting } from "~/components/ui/use-is-submitting";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { TableScroller } from "~/components/ui/table-scroller";
import { DemoRequestSchema } from "~/lib/schemas/demo-request";
import { createDemoRequest } from "~/domain/marketing/demo-requests.server";
import { requireAnonymousWrite } from "~/auth/index.server";
import { formAnswer, settle } from "~/http/screen-refusal.server";
import { pageMeta, shopJsonLd } from "~/http/seo.server";
import { MARKETING } from "~/content/marketing";
import { landingPage, type LandingFigures, type ShowcaseView } from "~/domain/catalogue/products.server";
import { Picture } from "~/components/ui/picture";
import { headcountLine } from "~/lib/rules/creator-figures";
import { readForm } from "~/http/request-body.server";

export async function loader({ context }: LoaderFunctionArgs) {
  const { showcase, figures } = await landingPage(context.db);
  return {
    showcase,
    figures,
    head: pageMeta(context.origin, {
      title: "Reelcraft · Pay-per-video 3D animation and video production",
      description: `A pay-per-video content platform: creators ${MARKETING.creatorsWhere}, fixed-price packages, delivered from ${figures.fastestDays} days after your brief.`,
      path: "/home",
      jsonLd: shopJsonLd(context.origin),
    }),
  };
}

export const headers = actionRetryAfter;

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseSubmission(await readForm(request), { schema: DemoRequestSchema });
  if (submission.status !== "success") return formAnswer(submission);
  const allowed = await settle(requireAnonymousWrite(context.env, request, "demo-request"));
  if (!allowed.ok) {
    return formAnswer(submission, { refusal: allowed.refusal });
  }
  await createDemoRequest(context.db, submission.value);
  return redirect("/home?demo=requested#book-a-demo");
}

export const meta: MetaFunction<typeof loader> = ({ data }) => data?.head ?? [];

const COMPARISON: { label: string; us: string; inHouse: string; agency: string; platforms: string }[] = [
  {
    label: "Pricing",
    us: "Fixed price per video",
    inHouse: "Salaries, software and kit",
    agency: "Retainers and day rates",
    platforms: "Bidding and hidden fees",
  },
  { label: "Turnaround", us: "The days each package promises", inHouse: "Depends on the backlog", agency: "4 to 8 weeks", platforms: "Unpredictable" },
  {
    label: "Talent",
    us: "Vetted creators",
    inHouse: "A handful of generalists",
    agency: "One studio’s team",
    platforms: "Unvetted freelancers",
  },
  { label: "Quality control", us: "Reviewed before delivery", inHouse: "Up to you", agency: "Yes, at a price", platforms: "Up to you" },
  {
    label: "Scaling up or down",
    us: "Order only what you need",
    inHouse: "Hire or lay off",
    agency: "Renegotiate the contract",
    platforms: "Start over each time",
  },
];

const STEPS = [
  { title: "Pick a package", text: "Browse services, compare Basic, Standard and Premium, and see the price up front." },
  { title: "Share your brief", text: "Tell us about your brand and goals. A producer replies in about 10 minutes." },
  { title: "Get your video", text: "A vetted creator delivers in the days your package promises, with a revision included." },
];

export default function Home() {
  const { showcase, figures } = useLoaderData<typeof loader>();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl items-center gap-6 px-4 py-4 sm:px-6 lg:px-8">
          <Logo to="/home" />
          <nav aria-label="Main" className="hidden items-center gap-6 text-sm font-medium text-slate-700 md:flex">
            <Link to="/products" className="hover:text-slate-900">
              Services
            </Link>
            <a href="#how-it-works" className="hover:text-slate-900">
              How it works
            </a>
            <a href="#compare" className="hover:text-slate-900">
              Compare
            </a>
          </nav>
          <div className="ml-auto hidden items-center gap-2 md:flex">
            <Link to="/login" className="rounded-lg px-3 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100">
              Log in
            </Link>
            <a href="#book-a-demo" className="rounded-lg bg-slate-900 px-4 py-2 text-sm font-semibold text-white hover:bg-slate-800">
              Book a demo
            </a>
          </div>
          <PhoneMenu />
        </div>
      </header>
      <main id="main" className="flex-1">
        <AccountDeletedNotice />
        <Hero showcase={showcase} fastestDays={figures.fastestDays} />
        <Stats figures={figures} />
        <About />
        <HowItWorks />
        <Comparison />
        <BookADemo />
      </main>
      <Footer />
    </div>
  );
}

/**
 * Under 768 px the header's links fold into a menu button: a <details> element, so it opens and
 * closes without JavaScript and with the keyboard (Enter or Space on its summary).
 */
function PhoneMenu() {
  const link = "block rounded-lg px-3 py-2.5 font-medium text-slate-800 hover:bg-slate-100";
  return (
    <details className="group relative ml-auto md:hidden">
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded-lg px-3 py-2 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5 fill-current">
          <path
            className="group-open:hidden"
            d="M3 5.75A.75.75 0 0 1 3.75 5h12.5a.75.75 0 0 1 0 1.5H3.75A.75.75 0 0 1 3 5.75Zm0 4.25a.75.75 0 0 1 .75-.75h12.5a.75.75 0 0 1 0 1.5H3.75A.75.75 0 0 1 3 10Zm.75 3.5a.75.75 0 0 0 0 1.5h12.5a.75.75 0 0 0 0-1.5H3.75Z"
          />
          <path
            className="hidden group-open:block"
            d="M5.28 4.22a.75.75 0 0 0-1.06 1.06L8.94 10l-4.72 4.72a.75.75 0 1 0 1.06 1.06L10 11.06l4.72 4.72a.75.75 0 1 0 1.06-1.06L11.06 10l4.72-4.72a.75.75 0 0 0-1.06-1.06L10 8.94 5.28 4.22Z"
          />
        </svg>
        Menu
      </summary>
      <nav aria-label="Menu" className="absolute right-0 z-40 mt-2 w-64 rounded-2xl border border-slate-200 bg-white p-2 text-sm shadow-xl">
        <ul>
          <li>
            <Link to="/products" className={link}>
              Services
            </Link>
          </li>
          <li>
            <a href="#how-it-works" className={link}>
              How it works
            </a>
          </li>
          <li>
            <a href="#compare" className={link}>
              Compare
            </a>
          </li>
          <li>
            <a href="#about" className={link}>
              About
            </a>
          </li>
          <li>
            <Link to="/examples" className={link}>
              View examples
            </Link>
          </li>
          <li className="mt-2 border-t border-slate-200 pt-2">
            <Link to="/login" className={link}>
              Log in
            </Link>
          </li>
          <li>
            <Link to="/signup" className={link}>
              Sign up
            </Link>
          </li>
          <li>
            <a href="#book-a-demo" className="mt-1 block rounded-lg bg-slate-900 px-3 py-2.5 text-center font-semibold text-white hover:bg-slate-800">
              Book a demo
            </a>
          </li>
        </ul>
      </nav>
    </details>
  );
}

/** Where 'Delete my account' lands (the Privacy page signs the customer out and comes here). */
function AccountDeletedNotice() {
  const [params] = useSearchParams();
  if (params.get("account") !== "deleted") return null;
  return (
    <div className="border-b border-emerald-200 bg-emerald-50">
      <p role="status" className="mx-auto max-w-7xl px-4 py-3 text-sm font-medium text-emerald-800 sm:px-6 lg:px-8">
        Your account has been deleted. A confirmation is on its way to your email.
      </p>
    </div>
  );
}

/**
 * The hero's pictures: the newest services' own, each leading to its page. From 640 px only: on a
 * phone the hero is its words and buttons, the services a tap away.
 */
function Showcase({ pictures }: { pictures: ShowcaseView[] }) {
  const offsets = ["", "mt-10", "-mt-10", ""];
  return (
    <div className="relative hidden sm:block">
      <div aria-hidden="true" className="absolute -inset-6 rounded-[2rem] bg-gradient-to-tr from-brand-200 to-fuchsia-200 blur-2xl" />
      <ul className="relative grid grid-cols-2 gap-4" aria-label="Recent work">
        {pictures.map((picture, i) => (
          <li key={picture.productId} className={offsets[i] ?? ""}>
            <Link to={`/products/${picture.productId}`} className="block overflow-hidden rounded-2xl shadow-xl ring-1 ring-black/5">
              <Picture
                src={picture.image}
                sizes="(min-width: 1024px) 18rem, 40vw"
                alt={picture.title}
                width={960}
                height={600}
                loading="lazy"
                className="aspect-[4/5] w-full object-cover"
              />
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Hero({ showcase, fastestDays }: { showcase: ShowcaseView[]; fastestDays: number }) {
  return (
    <section className="relative overflow-hidden bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-20 sm:px-6 lg:grid-cols-2 lg:px-8 lg:py-28">
        <div>
          <p className="inline-flex rounded-full bg-brand-100 px-3 py-1 text-sm font-semibold text-brand-800">The pay-per-video content platform</p>
          <h1 className="mt-6 text-4xl font-extrabold tracking-tight text-slate-950 sm:text-5xl lg:text-6xl">
            Studio-quality video. <span className="text-brand-700">Pay per video.</span>
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-slate-600">
            {`3D animation, explainers and brand films from creators ${MARKETING.creatorsWhere}. Pick a package, pay a fixed price, and get your video from ${fastestDays} days after your brief.`}
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/signup" className="rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white shadow-sm hover:bg-brand-800">
              Get started
            </Link>
            <Link to="/examples" className="rounded-lg bg-white px-5 py-3 font-semibold text-slate-900 ring-1 ring-slate-300 hover:bg-slate-50">
              View examples
            </Link>
          </div>
        </div>
        <Showcase pictures={showcase} />
      </div>
    </section>
  );
}

/**
 * Numbers the shop measured: its creators (the kept count of those the public sees, in place of the
 * SPEC's fixed "4,000+": docs/design.md) and its catalogue's own.
 */
function Stats({ figures }: { figures: LandingFigures }) {
  const stats: { value: string; label: string; to?: string }[] = [
    ...(figures.creators > 0
      ? [{ value: headcountLine(figures), label: "each with a public profile and figures from completed orders", to: "/creators" }]
      : []),
    { value: `From ${figures.fastestDays} days`, label: "delivery after your brief, as the fastest package promises" },
    { value: String(figures.services), label: figures.services === 1 ? "service on sale, each with its packages" : "services on sale, each with its packages" },
    { value: "1 price", label: "per video, agreed before you pay" },
  ];
  return (
    <section aria-label="Reelcraft in numbers" className="border-y border-slate-200 bg-white">
      <dl className={`mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:px-6 lg:px-8 ${stats.length > 3 ? "sm:grid-cols-2 lg:grid-cols-4" : "sm:grid-cols-3"}`}>
        {stats.map((s) => (
          <div key={s.value} className="flex flex-col-reverse text-center">
            <dt className="mt-1 text-sm text-slate-600">{s.label}</dt>
            <dd className="text-3xl font-extrabold tracking-tight text-brand-700 sm:text-4xl" data-testid={s.to ? "creator-count" : undefined}>
              {s.to ? (
                <Link to={s.to} className="underline decoration-brand-200 underline-offset-4 hover:decoration-brand-700">
                  {s.value}
                </Link>
              ) : (
                s.value
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** Who runs the shop ('About' in the footer and the menu lands here). Claims from app/content/marketing.ts, which the operator keeps true. */
function About() {
  return (
    <section id="about" aria-labelledby="about-title" className="mx-auto max-w-7xl scroll-mt-8 px-4 pt-20 sm:px-6 lg:px-8">
      <div className="max-w-3xl">
        <h2 id="about-title" className="text-3xl font-bold tracking-tight">
          About Reelcraft
        </h2>
        <p className="mt-4 text-lg leading-relaxed text-slate-600">
          {`Reelcraft is a production studio that sells its work as fixed packages. We work with creators ${MARKETING.creatorsWhere}: 3D artists, animators, editors and producers. Every package says what it includes, how many days it takes and how many rounds of changes it allows, and its price is agreed before you pay.`}
        </p>
        <Link to="/examples" className="mt-6 inline-block font-semibold text-brand-700 hover:underline">
          See work we have delivered →
        </Link>
      </div>
    </section>
  );
}

function HowItWorks() {
  return (
    <section id="how-it-works" aria-labelledby="how-title" className="mx-auto max-w-7xl scroll-mt-8 px-4 py-20 sm:px-6 lg:px-8">
      <h2 id="how-title" className="text-3xl font-bold tracking-tight">
        How it works
      </h2>
      <ol className="mt-10 grid gap-6 md:grid-cols-3">
        {STEPS.map((step, i) => (
          <li key={step.title} className="rounded-2xl border border-slate-200 p-6">
            <span className="flex size-10 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-800">{i + 1}</span>
            <h3 className="mt-4 text-lg font-semibold">{step.title}</h3>
            <p className="mt-2 text-slate-600">{step.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

function Comparison() {
  return (
    <section id="compare" aria-labelledby="compare-title" className="scroll-mt-8 bg-slate-50 py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <h2 id="compare-title" className="text-3xl font-bold tracking-tight">
          How we compare
        </h2>
        <p className="mt-3 max-w-2xl text-slate-600">
          In-house teams, agencies and other platforms all make video. Here is why teams switch to paying per video.
        </p>
        <TableScroller label="Comparison with in-house teams, agencies and other platforms" className="mt-10">
          <table className="w-full min-w-[44rem] text-left text-sm">
            <thead>
              <tr className="border-b border-slate-200">
                <td className="p-4" />
                <th scope="col" className="bg-brand-50 p-4 text-base font-bold text-brand-800">
                  Reelcraft
                </th>
                <th scope="col" className="p-4 text-base font-semibold">
                  In-house team
                </th>
                <th scope="col" className="p-4 text-base font-semibold">
                  Agencies
                </th>
                <th scope="col" className="p-4 text-base font-semibold">
                  Other platforms
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {COMPARISON.map((row) => (
                <tr key={row.label}>
                  <th scope="row" className="p-4 font-semibold text-slate-700">
                    {row.label}
                  </th>
                  <td className="bg-brand-50 p-4 font-medium text-slate-900">{row.us}</td>
                  <td className="p-4 text-slate-600">{row.inHouse}</td>
                  <td className="p-4 text-slate-600">{row.agency}</td>
                  <td className="p-4 text-slate-600">{row.platforms}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroller>
      </div>
    </section>
  );
}

function BookADemo() {
  const lastResult = useActionData<typeof action>()?.result;
  const [params] = useSearchParams();
  const sent = params.get("demo") === "requested";
  // Validated live (on leaving a field, then on every keystroke), so errors show as they are.
  const { form, fields, formProps } = useSchemaForm(DemoRequestSchema, { lastResult, shouldValidate: "onBlur", shouldRevalidate: "onInput" });
  const busy = useIsSubmitting("/home");
  const input = "mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm aria-[invalid=true]:border-red-600";

  return (
    <section id="book-a-demo" aria-labelledby="demo-title" className="mx-auto max-w-7xl scroll-mt-8 px-4 py-20 sm:px-6 lg:px-8">
      <div className="grid gap-12 rounded-3xl bg-slate-950 p-8 text-white sm:p-12 lg:grid-cols-2">
        <div>
          <h2 id="demo-title" className="text-3xl font-bold tracking-tight">
            Book a demo
          </h2>
          <p className="mt-4 text-slate-300">
            See how teams produce a month of video content without hiring. Tell us a little about you and a producer will be in touch within one working day.
          </p>
          <Link to="/signup" className="mt-8 inline-block rounded-lg bg-white px-5 py-3 font-semibold text-slate-900 hover:bg-slate-200">
            Get started
          </Link>
        </div>
        {sent ? (
          <div role="status" className="self-center rounded-2xl bg-white p-8 text-slate-900">
            <p className="text-lg font-semibold">Thanks, your demo request is in.</p>
            <p className="mt-2 text-slate-600">We’ll email you within one working day to find a time.</p>
          </div>
        ) : (
          <Form method="post" action="/home" preventScrollReset {...formProps} className="space-y-4 rounded-2xl bg-white p-6 text-slate-900 sm:p-8">
            <FormError id={form.errorId} errors={form.errors} />
            <div>
              <label htmlFor={fields.name.id} className="text-sm font-medium">
                Name
              </label>
              <input {...getInputProps(fields.name, { type: "text" })} autoComplete="name" className={input} />
              <p id={fields.name.errorId} className="mt-1 text-sm text-red-700">
                {fields.name.errors?.[0]}
              </p>
            </div>
            <div>
              <label htmlFor={fields.email.id} className="text-sm font-medium">
                Work email
              </label>
              <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" className={input} />
              <p id={fields.email.errorId} className="mt-1 text-sm text-red-700">
                {fields.email.errors?.[0]}
              </p>
            </div>
            <div>
              <label htmlFor={fields.company.id} className="text-sm font-medium">
                Company <span className="font-normal text-slate-500">(optional)</span>
              </label>
              <input {...getInputProps(fields.company, { type: "text" })} autoComplete="organization" className={input} />
              <p id={fields.company.errorId} className="mt-1 text-sm text-red-700">
                {fields.company.errors?.[0]}
              </p>
            </div>
            <div>
              <label htmlFor={fields.message.id} className="text-sm font-medium">
                What would you like to make? <span className="font-normal text-slate-500">(optional)</span>
              </label>
              <textarea {...getTextareaProps(fields.message)} rows={3} className={input} />
              <p id={fields.message.errorId} className="mt-1 text-sm text-red-700">
                {fields.message.errors?.[0]}
              </p>
            </div>
            <button
              type="submit"
              disabled={busy}
              className="w-full rounded-lg bg-brand-700 px-4 py-3 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
            >
              {busy ? "Sending..." : "Request a demo"}
            </button>
          </Form>
        )}
      </div>
    </section>
  );
}
