import { data } from "react-router";
import type { Route } from "./+types/markdown-preview";
import { requireEditor } from "~/platform/auth/guard.server";
import { MARKDOWN_MAX } from "~/domain/formations/labels";
import { renderMarkdown } from "~/platform/markdown/markdown.server";

/** POST /admin/apercu-markdown (editors): the sanitised HTML of a Markdown text, for the editor's preview. */
export async function action({ request }: Route.ActionArgs) {
  await requireEditor(request);
  const markdown = (await request.formData()).get("markdown");
  if (typeof markdown !== "string" || markdown.length > MARKDOWN_MAX * 2) return data({ html: "" }, { status: 400 });
  return { html: renderMarkdown(markdown, { minHeadingLevel: 3 }) };
}

export function loader() {
  throw data(null, { status: 405 });
}
