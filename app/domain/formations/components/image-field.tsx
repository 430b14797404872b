import { ImageUp, Trash2 } from "lucide-react";
import { useEffect, useId, useRef, useState, type ChangeEvent } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/ui/button";
import type { StoredImage } from "~/platform/storage/stored-image";
import { imageUrl } from "~/platform/storage/stored-image";
import { useReportUpload } from "~/ui/form/upload-state";
import { FieldError, TextField, useFieldId, valueAt, type FormValues } from "~/ui/form/editor-fields";

function parse(json: string): StoredImage | null {
  try {
    return json ? (JSON.parse(json) as StoredImage) : null;
  } catch {
    return null;
  }
}

/**
 * The formation's image: sent at once to /admin/televersement-image (checked and re-encoded on the
 * server), kept in the hidden field `image` and saved with the formation; alternative text beside it.
 */
export function ImageField({
  values,
  errors,
  onChange,
  folder,
}: {
  values: FormValues;
  errors: Record<string, string>;
  onChange: () => void;
  /** Storage folder of the upload route ("blog"); the route's default (formations) when absent. */
  folder?: string;
}) {
  const [image, setImage] = useState<StoredImage | null>(() => parse(valueAt(values, "image")));
  const [uploadError, setUploadError] = useState<string | null>(null);
  const fetcher = useFetcher<{ image?: StoredImage; error?: string }>();
  const inputRef = useRef<HTMLInputElement>(null);
  const statusId = useId();
  const busy = fetcher.state !== "idle";
  useReportUpload(busy);

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.image) {
      setImage(fetcher.data.image);
      setUploadError(null);
      onChange();
    } else if (fetcher.data.error) {
      setUploadError(fetcher.data.error);
    }
    if (inputRef.current) inputRef.current.value = "";
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, fetcher.data]);

  function upload(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    if (!file) return;
    const body = new FormData();
    body.append("file", file);
    if (folder) body.append("dossier", folder);
    setUploadError(null);
    fetcher.submit(body, { method: "post", action: "/admin/televersement-image", encType: "multipart/form-data" });
  }

  const fileId = useFieldId("imageFile");
  return (
    <div className="space-y-4">
      <input type="hidden" name="image" value={image ? JSON.stringify(image) : ""} />
      {image ? (
        <figure className="max-w-md">
          <img
            src={imageUrl(image, image.widths[0]!, "webp")}
            alt=""
            className="aspect-video w-full rounded-lg object-cover"
            data-testid="image-preview"
          />
          <figcaption className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            {image.width} × {image.height} pixels, enregistrée en AVIF et WebP ({image.widths.join(", ")} pixels de large).
          </figcaption>
        </figure>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">Aucune image. Sans image, la page reste complète.</p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <label
          htmlFor={fileId}
          className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold hover:bg-slate-50 focus-within:outline-2 focus-within:outline-brand-600 dark:border-slate-600 dark:bg-slate-900 dark:hover:bg-slate-800"
        >
          <ImageUp aria-hidden="true" className="size-4" />
          {image ? "Remplacer l'image" : "Choisir une image"}
          <input
            ref={inputRef}
            id={fileId}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/avif"
            className="sr-only"
            onChange={upload}
            disabled={busy}
            aria-describedby={statusId}
          />
        </label>
        {image ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              setImage(null);
              onChange();
            }}
          >
            <Trash2 aria-hidden="true" className="size-4" />
            Retirer l'image
          </Button>
        ) : null}
      </div>
      <p id={statusId} className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
        {busy
          ? "Envoi et conversion de l'image…"
          : "JPEG, PNG, WebP ou AVIF, 10 Mo au plus, 320 pixels de large au minimum. Les métadonnées (lieu, appareil…) sont supprimées."}
      </p>
      {uploadError ? (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
          {uploadError}
        </p>
      ) : null}
      <FieldError name="image" error={errors.image} />
      <TextField
        name="imageAlt"
        label="Texte alternatif"
        values={values}
        errors={errors}
        maxLength={200}
        hint="Décrivez ce que montre l'image pour les personnes qui ne la voient pas."
      />
    </div>
  );
}
