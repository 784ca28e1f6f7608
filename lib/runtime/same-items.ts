// Runtime, `npm start`: what a save compares with the last build's, compared by identity.

/**
 * Two lists of the very same items in the same order: from one save to the next mostly the same
 * objects and strings, compared at next to nothing an item, where a look-up or a digest costs
 * hundreds of times more.
 */
export function sameItems<T>(last: readonly T[], now: readonly T[]): boolean {
  return last === now || (last.length === now.length && now.every((item, index) => item === last[index]));
}

/**
 * A value for each item of a list, kept between builds: where the item at an index is the last
 * call's very object (under the same `context`, what `value` reads besides its item), its value is
 * the last call's, found without a look-up (a WeakMap's costs hundreds of times more).
 */
export class KeptValues<T, V> {
  private last: { items: readonly T[]; context: unknown; values: V[] } | undefined;

  of(items: readonly T[], value: (item: T) => V, context?: unknown): V[] {
    const last = this.last?.context === context ? this.last : undefined;
    let values: V[];
    if (last !== undefined && last.items.length === items.length) {
      // The last values copied and replaced where needed: a `map` making the list value by value
      // took three to five times as long (~1.5 ms a call at 30,000 docs, four calls a save).
      values = last.values.slice();
      for (let index = 0; index < items.length; index++) {
        const item = items[index] as T;
        if (item !== last.items[index]) values[index] = value(item);
      }
    } else {
      values = items.map((item, index) => (last === undefined || item !== last.items[index] ? value(item) : last.values[index] as V));
    }
    this.last = { items, context, values };
    return values;
  }
}

/**
 * The items at some indexes of a list, kept between builds: while the indexes are the last call's
 * very list, the last call's items, a copy of them patched where the item at an index is not the
 * same object (a save changes one doc or a few), or the very same list where none differs. A pass
 * over the indexes reads no item's fields: one that did cost ~0.1 µs an item on a large site, most
 * of it waiting on memory. The lists given out are never changed afterwards.
 */
export class KeptPicks<T> {
  private last: { indexes: readonly number[]; picked: readonly T[] } | undefined;

  of(items: readonly T[], indexes: readonly number[]): readonly T[] {
    const last = this.last?.indexes === indexes ? this.last.picked : undefined;
    let picked: readonly T[];
    if (last) {
      let copy: T[] | undefined;
      for (let at = 0; at < indexes.length; at++) {
        const item = items[indexes[at] as number] as T;
        if (item !== last[at]) (copy ??= last.slice())[at] = item;
      }
      picked = copy ?? last;
    } else picked = indexes.map((index) => items[index] as T);
    this.last = { indexes, picked };
    return picked;
  }
}
