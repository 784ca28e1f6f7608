// Finds the shard whose range holds a word or a section id, in a list of shards given inline by the
// manifest or in tables of shards (a large site's: the manifest lists only the tables, so that it
// stays small). A table is loaded only when a query needs a shard it lists.
import type { SearchShardRef } from '../../common/search.ts';

export type LoadTable = (url: string) => Promise<SearchShardRef[]>;

/** Whether a range starting at `from` starts at or before `key` (words by string order, ids by number). */
function startsBy(from: string | number, key: string | number): boolean {
  return typeof key === 'number' ? Number(from) <= key : String(from) <= key;
}

/** The last of `refs` whose range starts at or before `key` (the first when none does). */
function lastBy(refs: SearchShardRef[], key: string | number): number {
  let index = 0;
  while (index + 1 < refs.length && startsBy(refs[index + 1]?.from ?? '', key)) index += 1;
  return index;
}

export interface ShardAt {
  shard: SearchShardRef | undefined;
  /** Where the next shard's range starts (undefined: none), and the shard, found when asked for. */
  nextFrom: string | number | undefined;
  next: () => Promise<SearchShardRef | undefined>;
}

export class ShardList {
  constructor(private readonly inline: SearchShardRef[] | undefined, private readonly tables: SearchShardRef[] | undefined, private readonly loadTable: LoadTable) {}

  /** The shard whose range holds `key`, and the one after it. */
  async at(key: string | number): Promise<ShardAt> {
    if (this.inline || !this.tables) {
      const refs = this.inline ?? [];
      const index = lastBy(refs, key);
      const next = refs[index + 1];
      return { shard: refs[index], nextFrom: next?.from, next: () => Promise.resolve(next) };
    }
    const { tables, loadTable } = this;
    const tableIndex = lastBy(tables, key);
    const table = await loadTable(tables[tableIndex]?.url ?? '');
    const index = lastBy(table, key);
    if (index + 1 < table.length) {
      const next = table[index + 1];
      return { shard: table[index], nextFrom: next?.from, next: () => Promise.resolve(next) };
    }
    // The last shard of its table: the next one opens the next table, which starts where it does.
    const nextTable = tables[tableIndex + 1];
    return {
      shard: table[index],
      nextFrom: nextTable?.from,
      next: async () => (nextTable ? (await loadTable(nextTable.url))[0] : undefined),
    };
  }
}
