import type { Toast, ToastInput, ToastKind } from "./toast";
import { frenchSpacing } from "~/platform/format";

/**
 * Toasts raised in the browser. They queue until the toast host has loaded the toast library
 * (on the first toast only), so pages that never show one never download it.
 */
type Listener = () => void;

let queue: Toast[] = [];
const listeners = new Set<Listener>();
let counter = 0;

/** Once the toast library is in, it stays mounted (toasts closing by themselves need it). */
let libraryLoaded = false;
export function markToastLibraryLoaded(): void {
  libraryLoaded = true;
}
export function toastLibraryLoaded(): boolean {
  return libraryLoaded;
}

export function pendingToasts(): Toast[] {
  return queue;
}

export function takeToasts(): Toast[] {
  const taken = queue;
  queue = [];
  return taken;
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function push(toast: ToastInput & { id?: string }): void {
  // Messages are written with ordinary spaces; they are shown with French typography (docs/architecture.md).
  const text = { title: frenchSpacing(toast.title), ...(toast.description ? { description: frenchSpacing(toast.description) } : {}) };
  queue = [...queue, { ...toast, ...text, id: toast.id ?? `t${++counter}-${Date.now()}` }];
  for (const l of listeners) l();
}

function kind(k: ToastKind) {
  return (title: string, options: { description?: string } = {}) => push({ kind: k, title, description: options.description });
}

export const notify = {
  success: kind("success"),
  error: kind("error"),
  info: kind("info"),
  show: (toast: Toast) => push(toast),
};
