// Runtime, `npm start`: each page as the last build rendered it (its HTML with asset placeholders,
// in the cache's file) and the file the write stage writes of it, kept from one build to the next.
// A page is rendered again when its key or the site-wide context changed, and its file is made
// again when that or an asset URL changed; otherwise a save finds the same objects, and the write
// stage the same version (lib/write/site-writer.ts). Made for `npm start`'s saves, which met
// every page: through a memo of keys joined as texts, new on each save (`${context}:${page}`,
// then `${key}:${assets}` for the file), every page cost ~5 µs a save at 10,000 pages.
import type { PageOutput } from '../assemble/output-table.ts';
import type { VersionedFile } from '../write/site-writer.ts';
import type { StoredText } from './text-store.ts';

interface RenderedPage {
  /** The page's key and the site-wide context's it was rendered with. */
  key: string;
  context: string;
  html: StoredText;
  /** The build that last met it, to find the pages that are gone. */
  seen: number;
  /** Its file as last made, and the asset URLs it was made with (their key, and the search index's, which apart may be written later). */
  file?: { made: VersionedFile; assets: string; search: string } | undefined;
}

export class RenderedPages {
  private readonly byPath = new Map<string, RenderedPage>();
  private build = 0;
  /** The last build's context and asset keys, whose very strings the pages hold. */
  private last = { context: '', assets: '' };
  /** How many pages the last `files` rendered anew. */
  made = 0;

  /**
   * Each page's file for the write stage, in order: `render` makes a page's HTML (with
   * placeholders) when the page is new or its key or `context` changed, `file` its file when that
   * or the asset URLs (`assets`, a key of all but the search index's, and `search`) changed. The
   * pages no longer present are dropped.
   */
  files(pages: readonly PageOutput[], context: string, assets: string, search: string, render: (page: PageOutput) => StoredText,
    file: (page: PageOutput, html: StoredText, version: string, beforeSearch: string) => VersionedFile): VersionedFile[] {
    // The last build's texts where equal, so that each page's are compared by identity.
    const last = this.last;
    this.last = { context: context === last.context ? last.context : context, assets: assets === last.assets ? last.assets : assets };
    ({ context, assets } = this.last);
    const build = ++this.build;
    this.made = 0;
    /** The paths met, each once. */
    let met = 0;
    const files = pages.map((page) => {
      // A doc page's key is the same string on each save while the page is unchanged (PageData.docKey).
      const key = page.key();
      let known = this.byPath.get(page.path);
      if (known?.seen !== build) met += 1;
      if (known?.key !== key || known.context !== context) {
        known = { key, context, html: render(page), seen: build };
        this.byPath.set(page.path, known);
        this.made += 1;
      }
      known.seen = build;
      let kept = known.file;
      if (kept?.assets !== assets || kept.search !== search) {
        const beforeSearch = `${context}:${key}:${assets}`;
        kept = { made: file(page, known.html, `${beforeSearch}:${search}`, beforeSearch), assets, search };
        known.file = kept;
      }
      return kept.made;
    });
    // More entries than paths met are pages gone: found without a set of every path.
    if (this.byPath.size > met) for (const [path, known] of this.byPath) if (known.seen !== build) this.byPath.delete(path);
    return files;
  }

  /** Each page's HTML as kept, for the store's compaction. */
  html(): StoredText[] {
    return [...this.byPath.values()].map((page) => page.html);
  }
}
