import { useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";

/**
 * Runs `done` once a post of this page's form with `intent` has finished and was not refused (`failed`
 * read as the page settles): a form that posted clears itself and gives the focus back, as it reads
 * without JavaScript (its redirect shows a clean form).
 */
export function useAfterPost(intent: string, failed: boolean, done: () => void) {
  const navigation = useNavigation();
  const posting = useRef(false);
  const latest = useRef({ failed, done });
  latest.current = { failed, done };
  useEffect(() => {
    if (navigation.state === "submitting" && navigation.formData?.get("intent") === intent) {
      posting.current = true;
    } else if (navigation.state === "idle" && posting.current) {
      posting.current = false;
      if (!latest.current.failed) latest.current.done();
    }
  }, [navigation.state, navigation.formData, intent]);
}
