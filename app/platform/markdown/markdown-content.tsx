import { cn } from "~/ui/cn";

/**
 * Shows HTML produced by `renderMarkdown` (server side, sanitised by construction) with the site's
 * long-text styles. Never pass it anything else.
 */
export function MarkdownContent({ html, className }: { html: string; className?: string }) {
  return <div className={cn("prose-site", className)} dangerouslySetInnerHTML={{ __html: html }} />;
}
