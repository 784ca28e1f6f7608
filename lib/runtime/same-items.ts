// Runtime, `npm start`: what a save compares with the last build's, compared by identity.

/**
 * Two lists of the very same items in the same order: from one save to the next mostly the same
 * objects and strings, compared at next to nothing an item, where a look-up or a digest costs
 * hundreds of times more.
 */
export function sameItems<T>(last: readonly T[], now: readonly T[]): boolean {
  return last.length === now.length && now.every((item, index) => item === last[index]);
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
    const values = items.map((item, index) => (last !== undefined && item === last.items[index] ? last.values[index] as V : value(item)));
    this.last = { items, context, values };
    return values;
  }
}
