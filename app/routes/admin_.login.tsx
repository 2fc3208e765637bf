import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { StaffSignInPage } from "~/components/staff-sign-in";
import { AdminLoginSchema } from "~/lib/schemas/auth";
import { getSignedInAdmin } from "~/auth/index.server";
import { signInWithForm } from "~/http/sign-in-form.server";
import { formAnswer } from "~/http/screen-refusal.server";
import { actionRetryAfter } from "~/lib/retry-after";

/** An admin who is already signed in goes straight to the products (SPEC §2). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (await getSignedInAdmin(context, request)) throw redirect("/admin/products");
  return null;
}

export const headers = actionRetryAfter;

export async function action({ request, context }: ActionFunctionArgs) {
  const outcome = await signInWithForm(context, request, "admin");
  if (!outcome.ok) {
    return formAnswer(outcome.submission, { refusal: outcome.refusal, hideFields: ["password"] });
  }
  return redirect("/admin/products", { headers: outcome.headers });
}

export const meta: MetaFunction = () => [{ title: "Admin sign in · Reelcraft" }, { name: "robots", content: "noindex" }];

export default function AdminLoginPage() {
  return <StaffSignInPage kind="admin" title="Admin sign in" subtitle="For Reelcraft staff. Customers log in from the shop." schema={AdminLoginSchema} />;
}
