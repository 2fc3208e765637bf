import { Form } from "@remix-run/react";
import { SubmitButton } from "~/components/ui/form";
import { useIsSubmitting } from "~/components/ui/use-is-submitting";
import { MAX_APPROVERS } from "~/lib/rules/sign-off";
import { AUTO_COMPLETE_DAYS } from "~/lib/rules/work-status";
import { REVIEW_EXTENSION_DAYS } from "~/lib/rules/review-rules";

type Guest = { id: number; email: string; name: string | null; active: boolean; approver: boolean };

/**
 * The customer names required approvers among the colleagues whose link works, and how many must
 * approve (every one, or any N): a plain form, each box and the choice kept when the server refuses
 * it (`kept`). Says up front what happens when an approver never answers.
 */
export function ApproversForm({
  action,
  guests,
  required,
  kept,
}: {
  action: string;
  guests: Guest[];
  required: number | null;
  kept?: { guest_ids: number[]; required: string } | null;
}) {
  const saving = useIsSubmitting(action, "approvers");
  const named = guests.filter((g) => g.active);
  if (named.length === 0) return null;
  const chosen = kept ? kept.guest_ids : named.filter((g) => g.approver).map((g) => g.id);
  const needed = kept ? kept.required : required === null ? "" : String(required);
  return (
    <Form method="post" action={`${action}#approvers-title`} className="space-y-3 border-t border-slate-200 pt-3" aria-labelledby="approvers-title">
      <h3 id="approvers-title" className="font-semibold">
        Required approvers
      </h3>
      <p className="text-sm text-slate-600">
        {`Name up to ${MAX_APPROVERS} colleagues whose approval each delivery needs besides yours: they approve or ask for changes from their link, which then works while the order is open. If a delivery has no answer within ${AUTO_COMPLETE_DAYS} days (${AUTO_COMPLETE_DAYS + REVIEW_EXTENSION_DAYS} if you ask for more time), it is approved for everyone and who did not answer is recorded.`}
      </p>
      <fieldset className="space-y-1">
        <legend className="text-sm font-medium text-slate-800">Approvers</legend>
        {/* Always sent, so that ticking none leaves you approving alone. */}
        <input type="hidden" name="guest_ids" value="" />
        {named.map((g) => (
          <label key={g.id} className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="guest_ids" value={g.id} defaultChecked={chosen.includes(g.id)} className="h-4 w-4 rounded border-slate-300" />
            {g.name ? `${g.name} (${g.email})` : g.email}
          </label>
        ))}
      </fieldset>
      <div>
        <label htmlFor="approvers-required" className="block text-sm font-medium text-slate-800">
          Approvals needed
        </label>
        <select id="approvers-required" name="required" defaultValue={needed} className="mt-1 rounded-lg border border-slate-300 px-3 py-2 text-sm">
          <option value="">Every approver</option>
          {named.slice(1).map((_, i) => (
            <option key={i + 1} value={String(i + 1)}>{`Any ${i + 1}`}</option>
          ))}
        </select>
      </div>
      <SubmitButton name="intent" value="approvers" busy={saving} busyText="Saving..." className="sm:w-auto">
        Save approvers
      </SubmitButton>
    </Form>
  );
}
