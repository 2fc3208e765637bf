import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { pageDataDecoded } from "~/platform/page-data-decoded";

/** Remix's entry, with one change: hydration starts once the page's data is decoded (app/platform). */
void pageDataDecoded().then(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  });
});
