/**
 * Notifications (docs/spec.md#états, docs/spec.md#constantes): one system, at most 3 visible, closing after 4 s. A toast either
 * comes from the server (a flash cookie set with a redirect or an action's answer, read by the root
 * loader: it survives the redirect and works without JavaScript) or is raised in the browser
 * with `notify`. The toast library itself loads only when the first toast shows.
 */
export type ToastKind = "success" | "error" | "info";

export interface Toast {
  id: string;
  kind: ToastKind;
  title: string;
  description?: string;
}

export type ToastInput = Omit<Toast, "id">;

export const TOAST_DURATION_MS = 4000;
export const TOAST_MAX_VISIBLE = 3;
