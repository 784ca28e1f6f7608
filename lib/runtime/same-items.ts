// Runtime, `npm start`: what a save compares with the last build's, compared by identity; and
// where a list was made from the last build's by replacing the items at some indexes, which list
// and which indexes, so that what is kept an item is patched there without a pass over every item.

/** No index. */
const NO_INDEXES: readonly number[] = Object.freeze([]);

/**
 * Lists made from another by replacing the items at some indexes, with that list and the indexes
 * (every index where an item may differ; in order). A save of a large site makes such a list at
 * each stage (the docs, their values, the pages and files); passing over every item of each to find
 * the one or few that changed was a few ms a list at 100,000 docs, most of it waiting on memory.
 */
const patches = new WeakMap<readonly unknown[], { from: readonly unknown[]; at: readonly number[] }>();

/**
 * Notes that `list` is `from` but at the indexes `at` (in order; the items there may or may not
 * differ). What `from` was patched from is forgotten: whoever compares lists compares this build's
 * with the last one's, and a chain of notes would keep every earlier build's lists alive.
 */
export function notePatched<T>(list: readonly T[], from: readonly T[], at: readonly number[]): void {
  if (list === from) return;
  patches.delete(from);
  patches.set(list, { from, at });
}

/**
 * The indexes at which `now` may differ from `last` (in order), where that is known without reading
 * every item: none when it is the very list, those noted when it was patched from it (notePatched);
 * undefined when not known.
 */
export function changedSince<T>(last: readonly T[], now: readonly T[]): readonly number[] | undefined {
  if (last === now) return NO_INDEXES;
  const patch = patches.get(now);
  return patch?.from === last ? patch.at : undefined;
}

/**
 * The indexes at which `now`'s items are not `last`'s very objects, in order: from what was noted
 * where it is known (changedSince), else from every item.
 */
export function changedItems<T>(last: readonly T[], now: readonly T[]): number[] {
  const changed: number[] = [];
  const known = last.length === now.length ? changedSince(last, now) : undefined;
  if (known) {
    for (const index of known) if (now[index] !== last[index]) changed.push(index);
    return changed;
  }
  const length = Math.max(last.length, now.length);
  for (let index = 0; index < length; index++) if (index >= now.length || index >= last.length || now[index] !== last[index]) changed.push(index);
  return changed;
}

/**
 * Two lists of the very same items in the same order: from one save to the next mostly the same
 * objects and strings, compared at next to nothing an item, where a look-up or a digest costs
 * hundreds of times more.
 */
export function sameItems<T>(last: readonly T[], now: readonly T[]): boolean {
  if (last === now) return true;
  if (last.length !== now.length) return false;
  const known = changedSince(last, now);
  return known ? known.every((index) => now[index] === last[index]) : now.every((item, index) => item === last[index]);
}

/**
 * A value for each item of a list, kept between builds: where the item at an index is the last
 * call's very object (under the same `context`, what `value` reads besides its item), its value is
 * the last call's, found without a look-up (a WeakMap's costs hundreds of times more). Where the
 * list was noted as patched from the last call's, only those places are read; where no value
 * changed, the last call's very list is given again. The lists given out are never changed afterwards.
 */
export class KeptValues<T, V> {
  private last: { items: readonly T[]; context: unknown; values: V[] } | undefined;

  of(items: readonly T[], value: (item: T) => V, context?: unknown): V[] {
    const last = this.last?.context === context ? this.last : undefined;
    let values: V[];
    if (last !== undefined && last.items.length === items.length) {
      // The last values copied and replaced where needed: a `map` making the list value by value
      // took three to five times as long (~1.5 ms a call at 30,000 docs, four calls a save).
      const changed = changedItems(last.items, items);
      if (changed.length === 0) values = last.values;
      else {
        values = last.values.slice();
        for (const index of changed) values[index] = value(items[index] as T);
        notePatched(values, last.values, changed);
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
 * of it waiting on memory. Where the list was noted as patched from the last call's, only those
 * places are read, each found where it is picked. The lists given out are never changed afterwards.
 */
export class KeptPicks<T> {
  /** `at`: where each item's index is picked (-1: not picked), made when first needed for these indexes. */
  private last: { indexes: readonly number[]; items: readonly T[]; picked: readonly T[]; at: Int32Array | undefined } | undefined;

  of(items: readonly T[], indexes: readonly number[]): readonly T[] {
    const last = this.last?.indexes === indexes ? this.last : undefined;
    let picked: readonly T[];
    const known = last && changedSince(last.items, items);
    if (last && known) {
      // Only the items at the indexes that changed: where each is picked, if it is.
      last.at ??= pickedAt(indexes, items.length);
      let copy: T[] | undefined;
      const patched: number[] = [];
      for (const index of known) {
        const at = last.at[index] ?? -1;
        const item = items[index] as T;
        if (at >= 0 && item !== last.picked[at]) {
          (copy ??= last.picked.slice())[at] = item;
          patched.push(at);
        }
      }
      picked = copy ?? last.picked;
      if (copy) notePatched(copy, last.picked, patched.sort((a, b) => a - b));
    } else if (last) {
      let copy: T[] | undefined;
      for (let at = 0; at < indexes.length; at++) {
        const item = items[indexes[at] as number] as T;
        if (item !== last.picked[at]) (copy ??= last.picked.slice())[at] = item;
      }
      picked = copy ?? last.picked;
    } else picked = indexes.map((index) => items[index] as T);
    this.last = { indexes, items, picked, at: last?.at };
    return picked;
  }
}

/** For each index of a list of `length` items, where `indexes` has it (-1: nowhere). */
function pickedAt(indexes: readonly number[], length: number): Int32Array {
  const at = new Int32Array(length).fill(-1);
  indexes.forEach((index, place) => {
    at[index] = place;
  });
  return at;
}

/**
 * A list joined from parts, kept between builds: the parts' changes since the last call's parts
 * (changedItems, each part from what was noted where known) are the joined list's, noted on it,
 * so that a pass over it can read only those. Where every part is the last call's very list, so is
 * the joined one. The lists given out are never changed afterwards.
 */
export class KeptJoin<T> {
  private last: { parts: readonly (readonly T[])[]; joined: readonly T[] } | undefined;

  of(parts: readonly (readonly T[])[]): T[] {
    const last = this.last;
    // The very parts of the last call: its very list (a copy of a list of 100,000 items was ~3 ms,
    // most of it the system giving the new list its memory).
    if (last && last.parts.length === parts.length && parts.every((part, index) => part === last.parts[index])) {
      this.last = { parts, joined: last.joined };
      return last.joined as T[];
    }
    const joined = ([] as T[]).concat(...parts);
    if (last && last.parts.length === parts.length && parts.every((part, index) => part.length === last.parts[index]?.length)) {
      const changed: number[] = [];
      let offset = 0;
      parts.forEach((part, index) => {
        for (const at of changedItems(last.parts[index] as readonly T[], part)) changed.push(offset + at);
        offset += part.length;
      });
      notePatched(joined, last.joined, changed);
    }
    this.last = { parts, joined };
    return joined;
  }
}
