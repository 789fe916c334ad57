type Listener = () => void;

/**
 * Row selection outside React state: toggling one row notifies that row's checkbox and the
 * header only, so a click costs the same with 10 or 10,000 rows on the page.
 */
export class SelectionStore<K = unknown> {
  private selected = new Set<K>();
  private rowListeners = new Map<K, Set<Listener>>();
  private summaryListeners = new Set<Listener>();
  private version = 0;

  isSelected = (key: K): boolean => this.selected.has(key);

  size(): number {
    return this.selected.size;
  }

  keys(): K[] {
    return [...this.selected];
  }

  /** Changes on every selection change; the header checkbox and counters read this. */
  getVersion = (): number => this.version;

  toggle(key: K, on = !this.selected.has(key)): void {
    if (on === this.selected.has(key)) return;
    if (on) this.selected.add(key);
    else this.selected.delete(key);
    this.emit([key]);
  }

  setMany(keys: readonly K[], on: boolean): void {
    const changed: K[] = [];
    for (const k of keys) {
      if (on === this.selected.has(k)) continue;
      if (on) this.selected.add(k);
      else this.selected.delete(k);
      changed.push(k);
    }
    if (changed.length) this.emit(changed);
  }

  /** Keeps only the selected keys that are still among `keys` (rows refreshed in place stay selected). */
  retainOnly(keys: ReadonlySet<K>): void {
    const changed = [...this.selected].filter((k) => !keys.has(k));
    for (const k of changed) this.selected.delete(k);
    if (changed.length) this.emit(changed);
  }

  clear(): void {
    if (!this.selected.size) return;
    const changed = [...this.selected];
    this.selected.clear();
    this.emit(changed);
  }

  subscribeRow(key: K, l: Listener): () => void {
    let set = this.rowListeners.get(key);
    if (!set) {
      set = new Set();
      this.rowListeners.set(key, set);
    }
    set.add(l);
    return () => {
      set.delete(l);
      if (!set.size) this.rowListeners.delete(key);
    };
  }

  subscribeSummary = (l: Listener): (() => void) => {
    this.summaryListeners.add(l);
    return () => this.summaryListeners.delete(l);
  };

  private emit(changed: readonly K[]): void {
    this.version += 1;
    for (const k of changed) this.rowListeners.get(k)?.forEach((l) => l());
    this.summaryListeners.forEach((l) => l());
  }
}
