import { createContext, useCallback, useContext, useEffect, useId, useMemo, useState, type ReactNode } from "react";

/**
 * Uploads still under way inside a form (a cover image, an image in a text): the form's owner
 * blocks saving until they end, so that nothing is saved without the image the person just chose.
 */
interface UploadState {
  report: (key: string, busy: boolean) => void;
}

const UploadContext = createContext<UploadState | null>(null);

/** Counts the uploads of the fields inside `<UploadScope>`; `uploading` is true while one is under way. */
export function useUploadTracker() {
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const report = useCallback((key: string, on: boolean) => {
    setBusy((prev) => {
      if (prev.has(key) === on) return prev;
      const next = new Set(prev);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });
  }, []);
  return { uploading: busy.size > 0, report };
}

export function UploadScope({ report, children }: { report: UploadState["report"]; children: ReactNode }) {
  const value = useMemo(() => ({ report }), [report]);
  return <UploadContext.Provider value={value}>{children}</UploadContext.Provider>;
}

/** Called by a field that uploads: tells the form while its upload is under way. */
export function useReportUpload(busy: boolean) {
  const ctx = useContext(UploadContext);
  const key = useId();
  useEffect(() => {
    ctx?.report(key, busy);
  }, [ctx, key, busy]);
  useEffect(() => () => ctx?.report(key, false), [ctx, key]);
}
