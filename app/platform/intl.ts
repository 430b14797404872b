/**
 * A value built on first use. For Intl formatters: building the first one loads locale data, which
 * takes tens of milliseconds on a phone; built while a module loads, it delays every page, even
 * those that never format a date.
 */
export function lazily<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}
