import { StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { sweepClientCache } from "~/platform/cache/sweep";
import { markHydrated } from "~/ui/server-html";

// The browser bundle runs on Preact (vite/preact-client.ts, vite/react-on-preact.ts). HydratedRouter suspends (throws a
// promise) until the server's data stream is decoded. React suspends the whole root meanwhile;
// Preact would need a Suspense boundary, and a boundary suspended while hydrating `document`
// loses track of the server's <html>. So the stream is decoded first, then the document hydrated:
// a first call of HydratedRouter, outside rendering, throws that promise before any hook runs.
async function serverStateDecoded() {
  try {
    (HydratedRouter as (props: object) => unknown)({});
  } catch (thrown) {
    if (thrown instanceof Promise) await thrown;
  }
}

// React's server renderer adds <link rel="preload"> tags to <head> on its own (e.g. for the images
// of the page); no component renders them, so Preact, which matches server nodes in order by tag
// name, would take them for the next <link> of the tree (and drop the last one). They have done
// their job once the page is parsed: removed before hydrating.
function removeServerOnlyPreloads() {
  for (const link of document.head.querySelectorAll('link[rel="preload"]')) link.remove();
}

void serverStateDecoded().then(() => {
  removeServerOnlyPreloads();
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
  markHydrated();
});

// Expired client-cache entries go on every page load (docs/spec.md#cache-client), once the browser is idle.
if ("requestIdleCallback" in window) window.requestIdleCallback(() => sweepClientCache());
else setTimeout(() => sweepClientCache(), 1);
