import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { StaffSignInPage } from "~/components/staff-sign-in";
import { LoginSchema } from "~/lib/schemas/auth";
import { getSignedInCreator } from "~/auth/index.server";
import { signInWithForm } from "~/http/sign-in-form.server";
import { formAnswer } from "~/http/screen-refusal.server";
import { actionRetryAfter } from "~/lib/retry-after";
import { safeRedirect } from "~/lib/safe-redirect";

/** Where a creator goes once signed in: the studio page they came from, else their workspace. */
const studioTarget = (value: FormDataEntryValue | string | null) => {
  const target = safeRedirect(typeof value === "string" ? value : null, "/studio");
  return target === "/studio" || target.startsWith("/studio/") || target.startsWith("/studio?") ? target : "/studio";
};

/** A creator already signed in goes straight to their workspace. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (await getSignedInCreator(context, request)) throw redirect(studioTarget(new URL(request.url).searchParams.get("redirectTo")));
  return null;
}

export const headers = actionRetryAfter;

export async function action({ request, context }: ActionFunctionArgs) {
  const outcome = await signInWithForm(context, request, "creator");
  if (!outcome.ok) return formAnswer(outcome.submission, { refusal: outcome.refusal, hideFields: ["password"] });
  return redirect(studioTarget(outcome.form.get("redirectTo")), { headers: outcome.headers });
}

export const meta: MetaFunction = () => [{ title: "Creator sign in · Reelcraft" }, { name: "robots", content: "noindex" }];

export default function CreatorLoginPage() {
  return (
    <StaffSignInPage
      kind="creator"
      title="Creator sign in"
      subtitle="For creators who make work for Reelcraft. Creators join by invitation from the studio."
      schema={LoginSchema}
      keepRedirect
    />
  );
}
