// Runtime, `npm start`: the one way the build cache reuses work. Each item is looked up by its id;
// its stored value is reused while the item's key is the same (and the value still holds), else it
// is made anew and stored; afterwards the entries of items no longer present are dropped, so a
// deleted page or doc leaves nothing behind. An item that is the last call's at its index (by
// identity, under the same shared key) has its entry found there, without a look-up (`same`); and
// where a value holds while that is so (`holdsWhileSame`), a call that meets mostly the last call's
// very items passes them without reading them or their entries, and says where the others are
// (`changed`), so that what is made from the values can be patched there too.

import { changedItems, changedSince, notePatched } from './same-items.ts';

interface Entry<V> {
  id: string;
  key: string;
  value: V;
  /** The last `all` call that met it. */
  seen: number;
}

/** How `all` and `toMake` may reuse a stored value. */
export interface MemoOptions<T, V> {
  /** Refuses a stored value whose key is the same (a doc whose image file changed on the disk). */
  stillHolds?: (value: V) => boolean;
  /**
   * Given when an item's key is made from its `identity` and this value alone: an item whose
   * identity is the last `all` call's at the same index, under the same `same` (compared with ===),
   * has that call's entry, found without its id, its key or a look-up. A save of `npm start` meets
   * every doc, nearly all of them the last save's objects: a look-up and a key each were ~0.3 s of
   * a save at 100,000 docs, comparing the objects a few ms.
   */
  same?: unknown;
  /** What an item's key is made from besides `same`: the item itself unless given (a doc page: its doc). */
  identity?: (item: T) => unknown;
  /**
   * With `same`: a stored value holds (`stillHolds` need not be asked) while its item is the last
   * call's very object at its index under the same `same`. A call whose items are then mostly the
   * last call's objects at their places reads only the others (MAX_CHANGED_SHARE): a pass reading
   * every item and its entry cost ~1 µs an item on a large site, most of it waiting on memory.
   */
  holdsWhileSame?: boolean;
}

/** Past this share of items not the last call's at their places, a call reads every item. */
const MAX_CHANGED_SHARE = 1 / 8;

export class Memo<V> {
  private readonly entries = new Map<string, Entry<V>>();
  /** The `all` calls so far: an entry notes the last that met it. */
  private calls = 0;
  /** The last `all` call's items, their identities, and the entry and value each had, while no other call changed the entries. */
  private lastCall: { items: readonly unknown[]; identities: readonly unknown[]; same: unknown; entries: Entry<V>[]; values: V[] } | undefined;
  /** How many values the last `all` made anew. */
  made = 0;
  /** Counts the changes to the entries (an entry set or dropped): the same count, the very same entries. */
  private changes = 0;
  /** The ids the running `all` call met so far, each once (entryOf). */
  private met = 0;
  /**
   * The indexes at which the last `all` call's items were not the call before's very objects, in
   * order (`holdsWhileSame`): every other value is the one that call gave at that index. Undefined
   * when the call read every item.
   */
  changed: readonly number[] | undefined;

  /**
   * Every item's value, in order. A key that is the stored one's very string is compared at once:
   * a key kept with its item, not joined anew on each call, saves comparing texts.
   */
  all<T>(items: readonly T[], id: (item: T) => string, key: (item: T) => string, make: (item: T, key: string) => V,
    { stillHolds = () => true, same, identity, holdsWhileSame = false }: MemoOptions<T, V> = {}): V[] {
    this.made = 0;
    this.changed = undefined;
    const call = ++this.calls;
    const last = this.lastCallFor(same);
    if (holdsWhileSame && last !== undefined && last.items.length === items.length) {
      const most = items.length * MAX_CHANGED_SHARE;
      // Where the items were patched from the last call's (notePatched), only those indexes are read;
      // else every item, until more than `most` have changed.
      let changed: number[] = [];
      if (changedSince(last.items, items)) changed = changedItems(last.items, items);
      else for (let index = 0; index < items.length && changed.length <= most; index++) if (items[index] !== last.items[index]) changed.push(index);
      if (changed.length <= most) return this.patched(items, changed, call, last, id, key, make, stillHolds, same, identity);
    }
    const identities = same !== undefined && identity ? items.map(identity) : items;
    // Kept for the next call only where it may find them by index.
    const entries: Entry<V>[] | undefined = same === undefined ? undefined : new Array(items.length);
    this.met = 0;
    const values = items.map((item, index) => {
      const known = this.entryOf(item, last !== undefined && identities[index] === last.identities[index] ? last.entries[index] : undefined, call, id, key, make, stillHolds);
      if (entries) entries[index] = known;
      return known.value;
    });
    // More entries than ids met are items no longer present: dropped, without a set of every id.
    if (this.entries.size > this.met) for (const [known, entry] of this.entries) if (entry.seen !== call) this.drop(known);
    // An id given twice (fewer entries than items) has one entry, the later item's: no call finds its items' entries by index.
    this.lastCall = entries && this.entries.size === items.length ? { items, identities, same, entries, values } : undefined;
    return values;
  }

  /**
   * `all` for items that are the last call's objects but at the indexes `changed`: the last call's
   * values, entries and identities, patched there. An entry of the last call at a changed
   * index that no item met now is its item gone (an id is one item's while the call is kept).
   */
  private patched<T>(items: readonly T[], changed: readonly number[], call: number, last: NonNullable<Memo<V>['lastCall']>,
    id: (item: T) => string, key: (item: T) => string, make: (item: T, key: string) => V, stillHolds: (value: V) => boolean, same: unknown, identity: ((item: T) => unknown) | undefined): V[] {
    // The values are given out, so copied; the entries and identities are this memo's alone, so
    // patched where they are (a copy of a list of 100,000 items was ~3 ms, most of it the system
    // giving the new list its memory). Until the call ends, no call is kept: should a value fail to
    // be made, the next call reads every item.
    this.lastCall = undefined;
    const values = last.values.slice();
    const { entries } = last;
    const before = changed.map((index) => entries[index]);
    const own = identity && (last.identities === last.items ? last.identities.slice() : last.identities as unknown[]);
    for (const index of changed) {
      const item = items[index] as T;
      const itemIdentity = identity ? identity(item) : item;
      const lastEntry = itemIdentity === last.identities[index] ? entries[index] : undefined;
      if (own) own[index] = itemIdentity;
      const known = this.entryOf(item, lastEntry, call, id, key, make, stillHolds);
      entries[index] = known;
      values[index] = known.value;
    }
    for (const entry of before) {
      if (entry && entry.seen !== call && this.entries.get(entry.id) === entry) this.drop(entry.id);
    }
    this.changed = changed;
    notePatched(values, last.values, changed);
    this.lastCall = this.entries.size === items.length ? { items, identities: own || items, same, entries, values } : undefined;
    return values;
  }

  /** The items `all` would make anew (a value that no longer holds aside), in order. */
  toMake<T>(items: readonly T[], id: (item: T) => string, key: (item: T) => string, { same, identity = (item) => item }: MemoOptions<T, V> = {}): T[] {
    const last = this.lastCallFor(same);
    const makes = (item: T, index: number) => identity(item) !== last?.identities[index] && this.entries.get(id(item))?.key !== key(item);
    // Where the items were patched from the last call's (notePatched), the others are its items, with their identities: only those indexes are read.
    const known = last && last.items.length === items.length ? changedSince(last.items, items) : undefined;
    if (known) return known.filter((index) => makes(items[index] as T, index)).map((index) => items[index] as T);
    return items.filter(makes);
  }

  /** Drops the entries of items no longer present. */
  keepOnly(ids: ReadonlySet<string>): void {
    this.lastCall = undefined;
    for (const known of this.entries.keys()) if (!ids.has(known)) this.drop(known);
  }

  /** One value, made anew when its key changed. */
  get(id: string, key: string, make: () => V, stillHolds: (value: V) => boolean = () => true): V {
    const known = this.entries.get(id);
    if (known?.key === key && stillHolds(known.value)) return known.value;
    const value = make();
    this.made += 1;
    this.lastCall = undefined;
    this.put({ id, key, value, seen: this.calls });
    return value;
  }

  /** Drops an entry (a value that turned out to be a failure). */
  forget(id: string): void {
    this.lastCall = undefined;
    this.drop(id);
  }

  /**
   * The count of changes to the entries so far: while it is the same, every entry is the one it
   * was (lib/load/content.ts reads only the edited docs of a reused walk by it).
   */
  get version(): number {
    return this.changes;
  }

  /** Every entry set and dropped goes through these two, so that `version` counts it. */
  private put(entry: Entry<V>): void {
    this.changes += 1;
    this.entries.set(entry.id, entry);
  }

  private drop(id: string): void {
    this.changes += 1;
    this.entries.delete(id);
  }

  /** The stored value of an id, whatever its key. */
  last(id: string): { key: string; value: V } | undefined {
    return this.entries.get(id);
  }

  /**
   * An item's entry, its key the same: `lastEntry` (the last call's at its index, its identity the
   * same), else the one stored for its id; made anew where none is found or it no longer holds. Its
   * id and key are made at most once; each id met for the first time in a call counts in `met`.
   */
  private entryOf<T>(item: T, lastEntry: Entry<V> | undefined, call: number, id: (item: T) => string, key: (item: T) => string,
    make: (item: T, key: string) => V, stillHolds: (value: V) => boolean): Entry<V> {
    let known = lastEntry;
    let itemId: string | undefined;
    let itemKey: string | undefined;
    if (known === undefined) {
      itemId = id(item);
      itemKey = key(item);
      const stored = this.entries.get(itemId);
      if (stored?.seen !== call) this.met += 1;
      if (stored?.key === itemKey) known = stored;
    } else if (known.seen !== call) this.met += 1;
    if (known === undefined || !stillHolds(known.value)) {
      itemId ??= id(item);
      itemKey ??= key(item);
      known = { id: itemId, key: itemKey, value: make(item, itemKey), seen: call };
      this.made += 1;
      this.put(known);
    }
    known.seen = call;
    return known;
  }

  /** The last `all` call, where its items' entries may be found by index: under the same `same`. */
  private lastCallFor(same: unknown): Memo<V>['lastCall'] {
    const last = this.lastCall;
    return same !== undefined && last?.same === same ? last : undefined;
  }
}
