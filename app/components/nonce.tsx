import { createContext, useContext, type ReactNode } from "react";

/**
 * This response's Content-Security-Policy nonce, for the few elements that must carry it (Remix's
 * `<Scripts>` and `<ScrollRestoration>`). Provided by entry.server.tsx; in the browser it is empty,
 * because browsers hide nonces from the page once it has loaded.
 */
const NonceContext = createContext("");

export function NonceProvider({ value, children }: { value: string; children: ReactNode }) {
  return <NonceContext.Provider value={value}>{children}</NonceContext.Provider>;
}

export function useNonce() {
  return useContext(NonceContext);
}
