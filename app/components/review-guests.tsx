import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import type { z } from "zod";
import { FieldError, FormError } from "~/components/ui/form";
import { useCheckedForm } from "~/components/ui/use-checked-form";
import type { GuestInviteSchema } from "~/lib/schemas/review-comment";
import { GUEST_LINK_DAYS, GUESTS_PER_ORDER } from "~/lib/rules/review-rules";

type Guest = { id: number; email: string; name: string | null; expires_at: string; active: boolean; approver: boolean };

const day = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

/**
 * The customer's colleagues on the review: invite one by email (a link for GUEST_LINK_DAYS to watch
 * and comment, never to approve or download masters), see who is invited and revoke a link. The
 * invitation is checked by the action (`lastResult`: its reply, the address kept).
 */
export function ReviewGuests({
  guests,
  lastResult,
  children,
}: {
  guests: Guest[];
  lastResult: SubmissionResult<string[]> | undefined;
  /** What follows the list (the required approvers' form). */
  children?: ReactNode;
}) {
  const active = guests.filter((g) => g.active);
  const { form, fields, formProps, error } = useCheckedForm<z.input<typeof GuestInviteSchema>>({ id: "guest-invite", lastResult });
  const emailError = error(fields.email);
  return (
    <section aria-labelledby="guests-title" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4">
      <h2 id="guests-title" className="text-lg font-semibold">
        Review with colleagues
      </h2>
      <p className="text-sm text-slate-600">
        Invite up to {GUESTS_PER_ORDER} colleagues to watch the deliveries and comment under their name for {GUEST_LINK_DAYS} days. Only you, and the approvers
        you name, can approve or ask for changes; only you can download masters.
      </p>
      {guests.length ? (
        <ul aria-label="Invited colleagues" className="space-y-1 text-sm">
          {guests.map((g) => (
            <li key={g.id} className="flex flex-wrap items-center gap-2">
              <span className="font-medium">{g.email}</span>
              {g.name ? <span className="text-slate-600">({g.name})</span> : null}
              <span className="text-slate-500">
                {!g.active ? "link ended" : g.approver ? "approver: link works while the order is open" : `until ${day.format(new Date(g.expires_at))}`}
              </span>
              {g.active ? (
                <Form method="post">
                  <input type="hidden" name="guest_id" value={g.id} />
                  <button type="submit" name="intent" value="revoke-guest" className="text-xs font-semibold text-red-700 hover:underline">
                    Revoke<span className="sr-only"> {g.email}&apos;s link</span>
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {active.length < GUESTS_PER_ORDER ? (
        <Form method="post" {...formProps} className="flex flex-wrap items-end gap-2">
          <div className="min-w-0 flex-1">
            <label htmlFor={fields.email.id} className="block text-sm font-medium text-slate-800">
              Colleague&apos;s email
            </label>
            <input
              id={fields.email.id}
              name={fields.email.name}
              key={fields.email.key}
              type="email"
              autoComplete="off"
              required
              maxLength={254}
              defaultValue={fields.email.initialValue}
              aria-invalid={emailError ? true : undefined}
              aria-describedby={emailError ? fields.email.errorId : undefined}
              className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
            />
          </div>
          <button type="submit" name="intent" value="invite-guest" className="rounded-lg bg-slate-900 px-3 py-2 text-sm font-semibold text-white">
            Send invitation
          </button>
          <div className="w-full empty:hidden">
            {emailError ? <FieldError id={fields.email.errorId} error={emailError} /> : null}
            <FormError id={form.errorId} errors={form.errors} />
          </div>
        </Form>
      ) : null}
      {children}
    </section>
  );
}
