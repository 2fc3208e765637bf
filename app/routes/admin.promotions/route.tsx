import type { SubmissionResult } from "@conform-to/react";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { FormError } from "~/components/ui/form";
import { Pagination } from "~/components/ui/pagination";
import { parsePageParam } from "~/lib/query";
import { requireAdmin } from "~/auth/index.server";
import { createPromotion, endPromotion, listPromotions, PROMOTION_ADMIN_MESSAGES, promotionProductChoices } from "~/domain/money/promotions.server";
import { unreadableForm, parseSubmission } from "~/http/form-submission.server";
import { formAnswer, settle } from "~/http/screen-refusal.server";
import { redirectWithToast } from "~/http/toast.server";
import { EndPromotionSchema, PromotionFormSchema } from "~/lib/schemas/promotion";
import { PromotionForm } from "./promotion-form";
import { PromotionsTable } from "./promotions-table";
import { readForm } from "~/http/request-body.server";

export const HERE = "/admin/promotions";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const page = parsePageParam(new URL(request.url).searchParams.get("page"));
  const [promotions, products] = await Promise.all([listPromotions(context.db, page), promotionProductChoices(context.db)]);
  if (page > promotions.totalPages) throw redirect(`${HERE}?page=${promotions.totalPages}`);
  return { promotions: promotions.data, page, totalPages: promotions.totalPages, products };
}

/** Two forms, each a plain post with an `intent`: a new promotion, and a promotion's End button. */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(context, request);
  const formData = await readForm(request);
  const done = (message: string) => redirectWithToast(context.env, request, HERE, [{ kind: "success", message }]);
  switch (formData.get("intent")) {
    case "create": {
      const submission = parseSubmission(formData, { schema: PromotionFormSchema });
      if (submission.status !== "success") return formAnswer(submission, { beside: { intent: "create" } });
      const created = await settle(createPromotion(context.db, submission.value));
      if (!created.ok) {
        const message = created.refusal.message;
        const field =
          message === PROMOTION_ADMIN_MESSAGES.codeTaken ? "code" : message === PROMOTION_ADMIN_MESSAGES.unknownProducts ? "product_ids" : undefined;
        return formAnswer(submission, { refusal: created.refusal, field, beside: { intent: "create" } });
      }
      return done(`Promotion ${created.value.code} created.`);
    }
    case "end": {
      const submission = parseSubmission(formData, { schema: EndPromotionSchema });
      // The id is the row's own hidden field: anything else is a form the page cannot have sent.
      if (submission.status !== "success") throw unreadableForm();
      const ended = await settle(endPromotion(context.db, submission.value.id));
      if (!ended.ok) {
        return formAnswer(submission, { refusal: ended.refusal, beside: { intent: "end" } });
      }
      return done(`Promotion ${ended.value.code} ended. Unpaid orders that reserved it may still be paid.`);
    }
    default:
      throw unreadableForm();
  }
}

export const meta: MetaFunction = () => [{ title: "Promotions · Admin · Reelcraft" }];

type ActionData = { intent: "create" | "end"; result: SubmissionResult<string[]> } | undefined;

/** Promotion codes, a page at a time: each code with its discount, scope, dates, redemptions and state; a form for a new one. */
export default function Promotions() {
  const { promotions, products, page, totalPages } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData;
  const replyTo = (intent: NonNullable<ActionData>["intent"]) => (actionData?.intent === intent ? actionData.result : undefined);
  // A new location (the redirect after a save) starts the form afresh.
  const { key } = useLocation();
  return (
    <div className="mx-auto max-w-6xl space-y-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Promotions</h1>
        <p className="mt-2 max-w-3xl text-sm text-slate-700">
          Customers type a code at checkout (in any case); its discount comes off the package’s price before tax. An unpaid order holds its code until it is
          paid (then it is final, even if refunded), cancelled or expired after 24 hours: both count towards the cap.
        </p>
      </div>
      <section aria-labelledby="codes-title" className="space-y-4">
        <h2 id="codes-title" className="text-lg font-semibold">
          Codes
        </h2>
        <FormError errors={replyTo("end")?.error?.[""] ?? undefined} />
        <PromotionsTable promotions={promotions} products={products} />
        <Pagination page={page} totalPages={totalPages} label="Promotions pages" />
      </section>
      <PromotionForm key={`create-${key}`} products={products} lastResult={replyTo("create")} />
    </div>
  );
}
