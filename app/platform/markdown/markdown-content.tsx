import { useContext, useState } from "react";
import { KeptContext } from "~/platform/ssr/kept";
import { cn } from "~/ui/cn";

/** Rendered HTML, or a reference to HTML printed in the page (see app/platform/ssr/kept.server.ts). */
export type PageHtml = string | { ref: string };

/** What the browser read back from the page, kept for later renders of the same data. */
const readBack = new Map<string, string>();

function fromPage(ref: string): string {
  if (!readBack.has(ref) && typeof document !== "undefined") {
    readBack.set(ref, document.querySelector(`[data-page-html="${CSS.escape(ref)}"]`)?.innerHTML ?? "");
  }
  return readBack.get(ref) ?? "";
}

/**
 * Shows HTML produced by `renderMarkdown` (server side, sanitised by construction) with the site's
 * long-text styles. Never pass it anything else.
 */
export function MarkdownContent({ html, className }: { html: PageHtml; className?: string }) {
  const server = useContext(KeptContext);
  const ref = typeof html === "string" ? undefined : html.ref;
  const [value] = useState(() =>
    typeof html === "string" ? null : ((server?.get(`html:${html.ref}`) as string | undefined) ?? fromPage(html.ref)),
  );
  return (
    <div
      data-page-html={ref}
      className={cn("prose-site", className)}
      dangerouslySetInnerHTML={{ __html: typeof html === "string" ? html : (value ?? "") }}
      suppressHydrationWarning
    />
  );
}
