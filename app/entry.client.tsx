import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { sweepClientCache } from "~/platform/cache/sweep";

// React DOM hydrates the server's document (docs/decisions/0008-react-dom-in-the-browser.md). Inside a
// transition, hydration yields to the browser between small units of work instead of one long task;
// read-only parts keep the server's HTML and are not hydrated at all (app/ui/server-html.tsx).
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});

// Expired client-cache entries go on every page load (docs/spec.md#cache-client), once the browser is idle.
if ("requestIdleCallback" in window) window.requestIdleCallback(() => sweepClientCache());
else setTimeout(() => sweepClientCache(), 1);
