/** A Web Storage implementation in memory, for unit tests of browser-side modules. */
export class MemoryStorage implements Storage {
  private map = new Map<string, string>();
  /** When set, setItem throws like a full localStorage once the total size exceeds it. */
  quota = Infinity;

  get length(): number {
    return this.map.size;
  }
  clear(): void {
    this.map.clear();
  }
  getItem(key: string): string | null {
    return this.map.has(key) ? this.map.get(key)! : null;
  }
  key(index: number): string | null {
    return [...this.map.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.map.delete(key);
  }
  setItem(key: string, value: string): void {
    let size = 0;
    for (const [k, v] of this.map) if (k !== key) size += k.length + v.length;
    if (size + key.length + value.length > this.quota) {
      throw new DOMException("Quota dépassé", "QuotaExceededError");
    }
    this.map.set(key, String(value));
  }
}
