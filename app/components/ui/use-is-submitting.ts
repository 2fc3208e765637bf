import { useNavigation } from "@remix-run/react";

/**
 * True while this form's submission is in flight, through its redirect: matched by action path and
 * `intent` (null: a post without one; undefined: any). The one pending-state check screens use.
 */
export function useIsSubmitting(action: string, intent?: string | null) {
  const navigation = useNavigation();
  if (navigation.state !== "submitting" && !(navigation.state === "loading" && navigation.formMethod)) return false;
  if (!navigation.formAction?.startsWith(action)) return false;
  return intent === undefined || navigation.formData?.get("intent") === intent;
}
