// Runtime, `npm start`: the one way the build cache reuses work. Each item is looked up by its id;
// its stored value is reused while the item's key is the same (and the value still holds), else it
// is made anew and stored; afterwards the entries of items no longer present are dropped, so a
// deleted page or doc leaves nothing behind.

export class Memo<V> {
  private readonly entries = new Map<string, { key: string; value: V; seen: number }>();
  /** The `all` calls so far: an entry notes the last that met it. */
  private calls = 0;
  /** How many values the last `all` made anew. */
  made = 0;

  /**
   * Every item's value, in order. `stillHolds` can refuse a stored
   * value whose key is the same (a doc whose image file changed on the disk). A key that is the
   * stored one's very string is compared at once: a key kept with its item, not joined anew on
   * each call, saves comparing texts (`npm start`'s saves meet every doc).
   */
  all<T>(items: readonly T[], id: (item: T, index: number) => string, key: (item: T, index: number) => string, make: (item: T, key: string) => V,
    stillHolds: (value: V) => boolean = () => true): V[] {
    this.made = 0;
    const call = ++this.calls;
    /** The ids met, each once. */
    let met = 0;
    const values = items.map((item, index) => {
      const itemId = id(item, index);
      const itemKey = key(item, index);
      const known = this.entries.get(itemId);
      if (known?.seen !== call) met += 1;
      if (known?.key === itemKey && stillHolds(known.value)) {
        known.seen = call;
        return known.value;
      }
      const value = make(item, itemKey);
      this.made += 1;
      this.entries.set(itemId, { key: itemKey, value, seen: call });
      return value;
    });
    // More entries than ids met are items no longer present: dropped, without a set of every id.
    if (this.entries.size > met) for (const [known, entry] of this.entries) if (entry.seen !== call) this.entries.delete(known);
    return values;
  }

  /** Drops the entries of items no longer present. */
  keepOnly(ids: ReadonlySet<string>): void {
    for (const known of this.entries.keys()) if (!ids.has(known)) this.entries.delete(known);
  }

  /** One value, made anew when its key changed. */
  get(id: string, key: string, make: () => V, stillHolds: (value: V) => boolean = () => true): V {
    const known = this.entries.get(id);
    if (known?.key === key && stillHolds(known.value)) return known.value;
    const value = make();
    this.made += 1;
    this.entries.set(id, { key, value, seen: this.calls });
    return value;
  }

  /** Drops an entry (a value that turned out to be a failure). */
  forget(id: string): void {
    this.entries.delete(id);
  }

  /** The stored value of an id, whatever its key. */
  last(id: string): { key: string; value: V } | undefined {
    return this.entries.get(id);
  }
}
