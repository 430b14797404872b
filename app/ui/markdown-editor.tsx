import { Bold, Heading2, ImagePlus, Italic, Link2, List, ListOrdered } from "lucide-react";
import { useEffect, useId, useRef, useState, type ChangeEvent, type KeyboardEvent, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { cn } from "./cn";
import { useReportUpload } from "./form/upload-state";

/**
 * A small, accessible Markdown editor: a textarea with a formatting toolbar (heading, bold, italic,
 * bulleted and numbered lists, link), keyboard shortcuts (Ctrl+B, Ctrl+I, Ctrl+K) and a preview
 * rendered by the server's sanitising renderer (POST `previewUrl` with `markdown`, answers `{ html }`).
 * The textarea is a normal form field (uncontrolled): the form submits it as is, without JavaScript too.
 * With `imageFolder`, a toolbar button inserts an image: it is sent to the upload route (checked and
 * re-encoded on the server, stored under that folder) and its Markdown is inserted at the cursor,
 * with the alternative text selected so that the editor types it at once.
 */
export function MarkdownEditor({
  name,
  label,
  defaultValue = "",
  error,
  hint,
  rows = 8,
  required = false,
  previewUrl = "/admin/apercu-markdown",
  id: idProp,
  imageFolder,
  imageUploadUrl = "/admin/televersement-image",
}: {
  name: string;
  label: ReactNode;
  defaultValue?: string;
  error?: string;
  hint?: ReactNode;
  rows?: number;
  required?: boolean;
  previewUrl?: string;
  id?: string;
  /** Turns on inline images, stored under this folder ("blog"). */
  imageFolder?: string;
  imageUploadUrl?: string;
}) {
  const autoId = useId();
  const id = idProp ?? `md-${autoId}`;
  const ref = useRef<HTMLTextAreaElement>(null);
  const [tab, setTab] = useState<"write" | "preview">("write");
  const preview = useFetcher<{ html: string }>();
  const uploader = useFetcher<{ image?: { key: string; widths: number[] }; error?: string }>();
  const fileRef = useRef<HTMLInputElement>(null);
  const handledUpload = useRef<unknown>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [activeTool, setActiveTool] = useState(0);
  const toolbarRef = useRef<HTMLDivElement>(null);
  useReportUpload(uploader.state !== "idle");

  function replaceSelection(compute: (selected: string) => { text: string; selectFrom: number; selectTo: number }) {
    const el = ref.current;
    if (!el) return;
    el.focus();
    const { selectionStart: start, selectionEnd: end } = el;
    const { text, selectFrom, selectTo } = compute(el.value.slice(start, end));
    // execCommand keeps the browser's undo history; setRangeText is the fallback.
    const done = typeof document.execCommand === "function" && document.execCommand("insertText", false, text);
    if (!done) {
      el.setRangeText(text, start, end, "end");
      el.dispatchEvent(new Event("input", { bubbles: true }));
    }
    el.setSelectionRange(start + selectFrom, start + selectTo);
  }

  const wrap = (before: string, after: string, placeholder: string) =>
    replaceSelection((sel) => {
      const inner = sel || placeholder;
      return { text: before + inner + after, selectFrom: before.length, selectTo: before.length + inner.length };
    });

  const prefixLines = (prefix: (i: number) => string, placeholder: string) => {
    const el = ref.current;
    if (!el) return;
    // Extend the selection to whole lines.
    const value = el.value;
    const lineStart = value.lastIndexOf("\n", el.selectionStart - 1) + 1;
    let lineEnd = value.indexOf("\n", el.selectionEnd);
    if (lineEnd === -1) lineEnd = value.length;
    el.setSelectionRange(lineStart, lineEnd);
    replaceSelection((sel) => {
      const lines = (sel || placeholder).split("\n");
      const text = lines.map((line, i) => prefix(i) + line.replace(/^(#{1,6}\s|[-*]\s|\d+\.\s)/, "")).join("\n");
      return { text, selectFrom: 0, selectTo: text.length };
    });
  };

  const actions = [
    { label: "Titre de section", icon: Heading2, run: () => prefixLines(() => "## ", "Titre") },
    { label: "Gras (Ctrl+B)", icon: Bold, run: () => wrap("**", "**", "texte en gras") },
    { label: "Italique (Ctrl+I)", icon: Italic, run: () => wrap("_", "_", "texte en italique") },
    { label: "Liste à puces", icon: List, run: () => prefixLines(() => "- ", "élément") },
    { label: "Liste numérotée", icon: ListOrdered, run: () => prefixLines((i) => `${i + 1}. `, "élément") },
    {
      label: "Lien (Ctrl+K)",
      icon: Link2,
      run: () =>
        replaceSelection((sel) => {
          const text = sel || "texte du lien";
          const url = "https://";
          const full = `[${text}](${url})`;
          return { text: full, selectFrom: text.length + 3, selectTo: text.length + 3 + url.length };
        }),
    },
  ];

  if (imageFolder) {
    actions.push({ label: "Insérer une image", icon: ImagePlus, run: () => fileRef.current?.click() });
  }

  function chooseImage(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    if (!file || !imageFolder) return;
    const body = new FormData();
    body.append("file", file);
    body.append("dossier", imageFolder);
    setUploadError(null);
    uploader.submit(body, { method: "post", action: imageUploadUrl, encType: "multipart/form-data" });
  }

  useEffect(() => {
    if (uploader.state !== "idle" || !uploader.data || handledUpload.current === uploader.data) return;
    handledUpload.current = uploader.data;
    if (fileRef.current) fileRef.current.value = "";
    const image = uploader.data.image;
    if (!image) {
      setUploadError(uploader.data.error ?? "L'image n'a pas pu être envoyée. Réessayez.");
      return;
    }
    const width = image.widths.find((w) => w >= 960) ?? image.widths[image.widths.length - 1];
    // No ready-made description: the cursor waits between the brackets for the editor to type it
    // (publishing refuses an image without one).
    const el = ref.current;
    const before = el && el.selectionStart > 0 && el.value[el.selectionStart - 1] !== "\n" ? "\n\n" : "";
    replaceSelection(() => {
      const text = `${before}![](/uploads/${image.key}-${width}.webp)\n\n`;
      return { text, selectFrom: before.length + 2, selectTo: before.length + 2 };
    });
  }, [uploader.state, uploader.data]);

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
    const key = e.key.toLowerCase();
    const action = key === "b" ? actions[1] : key === "i" ? actions[2] : key === "k" ? actions[5] : undefined;
    if (action) {
      e.preventDefault();
      action.run();
    }
  }

  /** The toolbar is one tab stop; arrows, Home and End move between its buttons (roving tabindex). */
  function onToolbarKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const buttons = Array.from(toolbarRef.current?.querySelectorAll<HTMLButtonElement>("button") ?? []);
    const current = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (current === -1 || buttons.length === 0) return;
    const last = buttons.length - 1;
    const next =
      e.key === "ArrowRight" || e.key === "ArrowDown"
        ? current === last
          ? 0
          : current + 1
        : e.key === "ArrowLeft" || e.key === "ArrowUp"
          ? current === 0
            ? last
            : current - 1
          : e.key === "Home"
            ? 0
            : e.key === "End"
              ? last
              : -1;
    if (next === -1) return;
    e.preventDefault();
    setActiveTool(next);
    buttons[next]!.focus();
  }

  function showPreview() {
    setTab("preview");
    preview.submit({ markdown: ref.current?.value ?? "" }, { method: "post", action: previewUrl });
  }

  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  const tabClass = (active: boolean) =>
    cn(
      "min-h-9 rounded-md px-3 text-sm font-medium",
      active
        ? "bg-white text-slate-900 shadow-sm dark:bg-slate-800 dark:text-white"
        : "text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white",
    );

  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-900 dark:text-white">
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      <div
        className={cn(
          "mt-2 overflow-hidden rounded-lg border bg-white dark:bg-slate-950",
          error ? "border-red-600 dark:border-red-500" : "border-slate-300 dark:border-slate-600",
        )}
      >
        <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 bg-slate-50 px-2 py-1 dark:border-slate-700 dark:bg-slate-900">
          <div
            ref={toolbarRef}
            role="toolbar"
            aria-label="Mise en forme"
            aria-controls={id}
            aria-orientation="horizontal"
            onKeyDown={onToolbarKeyDown}
            className="flex flex-wrap items-center gap-0.5"
          >
            {actions.map((a, i) => (
              <button
                key={a.label}
                type="button"
                tabIndex={i === Math.min(activeTool, actions.length - 1) ? 0 : -1}
                onFocus={() => setActiveTool(i)}
                onClick={a.run}
                disabled={tab !== "write" || (a.icon === ImagePlus && uploader.state !== "idle")}
                aria-label={a.label}
                title={a.label}
                className="inline-flex size-9 items-center justify-center rounded-md text-slate-700 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-40 dark:text-slate-200 dark:hover:bg-slate-700 dark:focus-visible:outline-brand-300"
              >
                <a.icon aria-hidden="true" className="size-4" />
              </button>
            ))}
          </div>
          <div className="flex gap-1 rounded-lg bg-slate-200/70 p-0.5 dark:bg-slate-800/70">
            <button type="button" className={tabClass(tab === "write")} aria-pressed={tab === "write"} onClick={() => setTab("write")}>
              Écrire
            </button>
            <button type="button" className={tabClass(tab === "preview")} aria-pressed={tab === "preview"} onClick={showPreview}>
              Aperçu
            </button>
          </div>
        </div>
        <textarea
          ref={ref}
          id={id}
          name={name}
          rows={rows}
          defaultValue={defaultValue}
          required={required}
          onKeyDown={onKeyDown}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          hidden={tab !== "write"}
          className="block w-full resize-y bg-transparent px-3 py-2 font-mono text-sm leading-6 text-slate-900 focus:outline-2 focus:-outline-offset-2 focus:outline-brand-600 dark:text-slate-100 dark:focus:outline-brand-300"
        />
        {tab === "preview" ? (
          <div className="min-h-32 px-4 py-3" aria-live="polite" aria-busy={preview.state !== "idle"}>
            {preview.state !== "idle" || !preview.data ? (
              <p className="text-sm text-slate-600 dark:text-slate-400">Chargement...</p>
            ) : preview.data.html.trim() ? (
              <div className="prose-site [&_img]:h-auto [&_img]:max-w-full" dangerouslySetInnerHTML={{ __html: preview.data.html }} />
            ) : (
              <p className="text-sm text-slate-600 dark:text-slate-400">Rien à afficher pour l'instant.</p>
            )}
          </div>
        ) : null}
      </div>
      {imageFolder ? (
        <>
          <input
            ref={fileRef}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/avif"
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
            onChange={chooseImage}
          />
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
            {uploader.state !== "idle"
              ? "Envoi et conversion de l'image…"
              : "Images\u00a0: JPEG, PNG, WebP ou AVIF, 10 Mo au plus\u00a0; écrivez entre les crochets ![…] ce que montre l'image."}
          </p>
          {uploadError ? (
            <p role="alert" className="mt-1 text-sm font-medium text-red-700 dark:text-red-400">
              {uploadError}
            </p>
          ) : null}
        </>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
