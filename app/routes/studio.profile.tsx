import type { SubmissionResult } from "@conform-to/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { Field, FieldError, FormError, SubmitButton, TextAreaField } from "~/components/ui/form";
import { CountrySelect } from "~/components/country-select";
import { useIsSubmitting } from "~/components/ui/use-is-submitting";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { requireCreator } from "~/auth/index.server";
import { getCreatorProfile, skillNames, updateCreatorProfile, type CreatorProfileView } from "~/domain/creators/creators.server";
import { parseSubmission } from "~/http/form-submission.server";
import { readForm } from "~/http/request-body.server";
import { formAnswer, settle } from "~/http/screen-refusal.server";
import { CREATOR_LIMITS, CreatorProfileFormSchema, profileFromForm } from "~/lib/schemas/creator";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const creator = await requireCreator(context, request);
  const [profile, skills] = await Promise.all([getCreatorProfile(context.db, creator.id), skillNames(context.db)]);
  return data({ profile, skills, today: new Date().toISOString().slice(0, 10) }, { headers: { "Cache-Control": "no-store" } });
}

/** Saves the profile: display name, headline, bio, country, languages, skills, capacity and an away date. */
export async function action({ request, context }: ActionFunctionArgs) {
  const creator = await requireCreator(context, request);
  const submission = parseSubmission(await readForm(request), { schema: CreatorProfileFormSchema });
  if (submission.status !== "success") return formAnswer(submission);
  const saved = await settle(updateCreatorProfile(context.db, creator.id, profileFromForm(submission.value)));
  if (!saved.ok) return formAnswer(submission, { refusal: saved.refusal });
  return redirect("/studio/profile?saved=1");
}

export const meta: MetaFunction = () => [{ title: "Your profile · Studio · Reelcraft" }, { name: "robots", content: "noindex" }];

export default function StudioProfile() {
  const { profile, skills, today } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>()?.result;
  const [params] = useSearchParams();
  return (
    <div className="max-w-3xl space-y-6">
      <h1 className="text-2xl font-bold tracking-tight">Your profile</h1>
      {params.get("welcome") === "1" && !lastResult ? (
        <p role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-800">
          Welcome to Reelcraft. Tell customers who you are and what you make; the studio assigns you work that fits.
        </p>
      ) : null}
      {params.get("saved") === "1" && !lastResult ? (
        <p role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-800">
          Profile saved.
        </p>
      ) : null}
      {/* A new form for each saved profile: it starts from what was saved. */}
      <ProfileForm key={JSON.stringify(profile)} profile={profile} skills={skills} today={today} lastResult={lastResult} />
    </div>
  );
}

function ProfileForm({
  profile,
  skills,
  today,
  lastResult,
}: {
  profile: CreatorProfileView;
  skills: string[];
  today: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { form, fields, formProps, error } = useSchemaForm(CreatorProfileFormSchema, {
    lastResult,
    id: "creator-profile",
    defaultValue: {
      name: profile.name,
      headline: profile.headline,
      bio: profile.bio,
      country: profile.country ?? "",
      languages: profile.languages.join(", "),
      capacity: String(profile.capacity),
      away_until: profile.away_until ?? "",
    },
    constraint: false,
  });
  const busy = useIsSubmitting("/studio/profile");
  const countryError = error(fields.country);
  const skillsError = error(fields.skills);
  const chosen = new Set(profile.skills);
  return (
    <Form method="post" {...formProps} className="space-y-4 rounded-2xl border border-slate-200 bg-white p-6">
      <FormError id={form.errorId} errors={form.errors} />
      <Field
        label="Display name"
        meta={fields.name}
        error={error(fields.name)}
        maxLength={100}
        autoComplete="name"
        hint="Customers see this name beside your work."
      />
      <Field label="Headline" meta={fields.headline} error={error(fields.headline)} maxLength={CREATOR_LIMITS.headline} />
      <TextAreaField label="Bio" meta={fields.bio} error={error(fields.bio)} rows={5} maxLength={CREATOR_LIMITS.bio} />
      <CountrySelect meta={fields.country} error={countryError} />
      <Field
        label="Languages"
        meta={fields.languages}
        error={error(fields.languages)}
        hint={`Separated by commas, at most ${CREATOR_LIMITS.languages}.`}
        maxLength={CREATOR_LIMITS.languages * (CREATOR_LIMITS.language + 2)}
      />
      <fieldset aria-describedby={skillsError ? fields.skills.errorId : undefined}>
        <legend className="text-sm font-medium text-slate-800">Skills (the shop's tags, at most {CREATOR_LIMITS.skills})</legend>
        <ul className="mt-2 flex flex-wrap gap-2">
          {skills.map((skill) => (
            <li key={skill}>
              <label className="flex items-center gap-2 rounded-full px-3 py-1.5 text-sm ring-1 ring-slate-300 has-[:checked]:bg-brand-50 has-[:checked]:ring-brand-400">
                <input type="checkbox" name="skills" value={skill} defaultChecked={chosen.has(skill)} className="size-4" />
                {skill}
              </label>
            </li>
          ))}
        </ul>
        {skillsError ? <FieldError id={fields.skills.errorId} error={skillsError} /> : null}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Orders at once"
          meta={fields.capacity}
          error={error(fields.capacity)}
          type="number"
          inputMode="numeric"
          min={CREATOR_LIMITS.capacityMin}
          max={CREATOR_LIMITS.capacityMax}
          hint="How many orders you can make at the same time (1 to 20)."
        />
        <Field
          label="Away until"
          meta={fields.away_until}
          error={error(fields.away_until)}
          type="date"
          min={today}
          hint="Leave empty when you are available. No new work reaches you while you are away."
        />
      </div>
      <SubmitButton busy={busy} busyText="Saving..." className="sm:w-auto">
        Save profile
      </SubmitButton>
    </Form>
  );
}
