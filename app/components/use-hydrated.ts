import { useEffect, useState } from "react";

/** True once React has hydrated: before that (or without JavaScript) forms show their plain fallbacks. */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
