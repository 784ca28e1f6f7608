// Runtime, `npm start`: a map of every doc kept between saves and changed where the docs did.

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

  constructor(private readonly key: (item: T) => K) {}

  of(items: readonly T[], value: (item: T) => V, context?: unknown): Map<K, V> {
    const last = this.last;
    if (!last || last.items.length !== items.length || last.context !== context) {
      const map = new Map<K, V>();
      for (const item of items) map.set(this.key(item), value(item));
      this.last = { items, context, map };
      return map;
    }
    const changed: number[] = [];
    for (let index = 0; index < items.length; index++) if (items[index] !== last.items[index]) changed.push(index);
    // Every old entry out before any new one in: two changed items may have swapped keys.
    for (const index of changed) last.map.delete(this.key(last.items[index] as T));
    for (const index of changed) last.map.set(this.key(items[index] as T), value(items[index] as T));
    last.items = items;
    return last.map;
  }
}
