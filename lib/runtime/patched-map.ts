// Runtime, `npm start`: a map of every doc kept between saves and changed where the docs did.
import { changedItems } from './same-items.ts';

/**
 * A map made from a list's items (each item's key distinct in the list), kept between builds: where
 * the item at an index is the last build's very object, its entry stays as it is; the others'
 * entries are replaced. Comparing two objects costs next to nothing, a map's entry hundreds of
 * times more: a map of every doc made anew on each save was ~25 ms of a save at 100,000 docs. Made
 * anew when the list's length or `context` changed: what `value` reads besides its item.
 * A patched map's order of iteration is not the list's: read it by key.
 */
export class PatchedMap<T, K, V> {
  private last: { items: readonly T[]; context: unknown; map: Map<K, V> } | undefined;
  /**
   * Counts the maps of different entries `of` returned: the same number, the same entries. A doc
   * edited in place (a new object, its key and value the same) leaves it as it is; where changed
   * entries may only have swapped places it counts one more, as a change would.
   */
  private version = 0;

  constructor(private readonly key: (item: T) => K) {}

  of(items: readonly T[], value: (item: T) => V, context?: unknown): Map<K, V> {
    const last = this.last;
    if (!last || last.items.length !== items.length || last.context !== context) {
      const map = new Map<K, V>();
      for (const item of items) map.set(this.key(item), value(item));
      this.last = { items, context, map };
      this.version += 1;
      return map;
    }
    // Where the list was patched from the last one (notePatched), only those places are read.
    const changed = changedItems(last.items, items);
    const before = changed.map((index) => {
      const key = this.key(last.items[index] as T);
      return { key, value: last.map.get(key) };
    });
    // Every old entry out before any new one in: two changed items may have swapped keys.
    for (const { key } of before) last.map.delete(key);
    let same = true;
    changed.forEach((index, at) => {
      const item = items[index] as T;
      const entry = { key: this.key(item), value: value(item) };
      last.map.set(entry.key, entry.value);
      if (entry.key !== before[at]?.key || entry.value !== before[at]?.value) same = false;
    });
    if (!same) this.version += 1;
    last.items = items;
    return last.map;
  }

  /** The version of `map` if it is the last map `of` returned (its entries unchanged while the version is the same), else undefined. */
  versionOf(map: ReadonlyMap<K, V>): number | undefined {
    return map === this.last?.map ? this.version : undefined;
  }
}
