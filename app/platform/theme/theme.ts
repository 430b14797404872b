/**
 * Theme preference (docs/spec.md#données-gardées-par-le-navigateur): light, dark or system, kept in localStorage under `theme`
 * (a value found under the legacy key `ui-theme` is migrated), default light, applied as
 * class `light` or `dark` on <html>. Runs in the browser only.
 */
export const THEME_KEY = "theme";
export const LEGACY_THEME_KEY = "ui-theme";
export const DEFAULT_THEME: Theme = "light";
export const THEMES = ["light", "dark", "system"] as const;
export type Theme = (typeof THEMES)[number];

export function isTheme(value: unknown): value is Theme {
  return typeof value === "string" && (THEMES as readonly string[]).includes(value);
}

/** Reads the stored preference, migrating the legacy key once. */
export function readTheme(storage: Storage = window.localStorage): Theme {
  try {
    const current = storage.getItem(THEME_KEY);
    if (isTheme(current)) return current;
    const legacy = storage.getItem(LEGACY_THEME_KEY);
    if (isTheme(legacy)) {
      storage.setItem(THEME_KEY, legacy);
      storage.removeItem(LEGACY_THEME_KEY);
      return legacy;
    }
  } catch {
    /* storage unavailable (private mode): fall back to the default */
  }
  return DEFAULT_THEME;
}

export function resolveTheme(theme: Theme, prefersDark: boolean): "light" | "dark" {
  return theme === "system" ? (prefersDark ? "dark" : "light") : theme;
}

export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  const resolved = resolveTheme(theme, window.matchMedia("(prefers-color-scheme: dark)").matches);
  root.classList.remove("light", "dark");
  root.classList.add(resolved);
  root.style.colorScheme = resolved;
}

export function saveTheme(theme: Theme, storage: Storage = window.localStorage): void {
  try {
    storage.setItem(THEME_KEY, theme);
  } catch {
    /* ignore: the choice still applies to this page */
  }
  applyTheme(theme);
}

/**
 * Inline script for <head>: applies the stored theme before first paint (no flash).
 * Kept tiny and self-contained; it mirrors readTheme/applyTheme above.
 */
export const themeInitScript = `(function(){try{var s=localStorage,k=${JSON.stringify(THEME_KEY)},l=${JSON.stringify(LEGACY_THEME_KEY)},v=s.getItem(k),ok=function(x){return x==="light"||x==="dark"||x==="system"};if(!ok(v)&&ok(s.getItem(l))){v=s.getItem(l);s.setItem(k,v);s.removeItem(l)}if(!ok(v))v=${JSON.stringify(DEFAULT_THEME)};var d=v==="dark"||(v==="system"&&matchMedia("(prefers-color-scheme: dark)").matches);var r=document.documentElement;r.classList.remove("light","dark");r.classList.add(d?"dark":"light");r.style.colorScheme=d?"dark":"light"}catch(e){document.documentElement.classList.add("light")}})();`;
