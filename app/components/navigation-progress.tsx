import { useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";

/**
 * A spinner at the top of the page while a navigation loads (including the server's session check
 * on guarded pages, SPEC §2). Shown only after a short delay so fast navigations do not flicker.
 */
export function NavigationProgress() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!busy) return setVisible(false);
    const timer = setTimeout(() => setVisible(true), 150);
    return () => clearTimeout(timer);
  }, [busy]);
  return (
    <div role="progressbar" aria-label="Loading" aria-hidden={!visible} hidden={!visible} className="fixed top-3 right-3 z-50">
      <span className="block size-6 animate-spin rounded-full border-2 border-brand-200 border-t-brand-700" />
    </div>
  );
}
