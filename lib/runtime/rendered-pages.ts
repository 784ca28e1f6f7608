// Runtime, `npm start`: each page as the last build rendered it and the file the write stage writes
// of it, kept from one build to the next. A page a save renders waits in the cache's file, its HTML
// with asset placeholders, until it is written (the first build writes each as it renders it); from
// then on its file in the output folder is its only copy, read back when the page is written with
// other asset URLs (WrittenPage): a copy of every page in the cache's file was ~4.7 GB at 100,000
// pages, all written by the first build.
// A page is rendered again when its key or the site-wide context changed, and its file is made
// again when that or an asset URL changed; otherwise a save finds the same objects, and the write
// stage the same version (lib/write/site-writer.ts). Made for `npm start`'s saves, which met
// every page: through a memo of keys joined as texts, new on each save (`${context}:${page}`,
// then `${key}:${assets}` for the file), every page cost ~5 µs a save at 10,000 pages.
import type { PageOutput } from '../assemble/output-table.ts';
import type { AssetUrls } from '../assets/bundle.ts';
import type { AssetPlaces } from '../render/asset-placeholders.ts';
import type { VersionedFile } from '../write/site-writer.ts';
import { Memo } from './memo.ts';
import { notePatched } from './same-items.ts';
import type { StoredText } from './text-store.ts';

/**
 * A page whose only copy is its file in `dir`, written with `urls` (fillAssetUrlsNoting) from its
 * HTML of `length` characters, while that file is the one written: the same inode and
 * modification time (a file edited or replaced since, by anything but the build, is not read).
 */
export class WrittenPage {
  constructor(readonly dir: string, readonly length: number, readonly places: AssetPlaces, readonly urls: AssetUrls,
    readonly ino: number, readonly mtimeMs: number) {}
}

/** Where a page's HTML is: in the cache's file, or in its own file as written (WrittenPage). */
export type PageText = StoredText | WrittenPage;

/** The bytes a page's HTML holds in the cache's file. */
function storedBytes(text: PageText): number {
  return text instanceof WrittenPage ? 0 : text.length;
}

export interface RenderedPage {
  /** The site-wide context's key it was rendered with (the page's own key is the memo's). */
  context: string;
  html: PageText;
  /** Its file as last made, and the asset URLs it was made with (their key, and the search index's, which apart may be written later). */
  file?: { made: VersionedFile; assets: string; search: string } | undefined;
}

export class RenderedPages {
  /** By output path, while the page's key is the same (a doc page's is the same string on each save while the page is unchanged, PageData.docKey). */
  private readonly pages = new Memo<RenderedPage>();
  /** The last build's context and asset keys, whose very strings the pages hold. */
  private last = { context: '', assets: '' };
  /** The pages of the last `files`, to compact their store, and the files it gave with the asset keys they were made with. */
  private rendered: RenderedPage[] = [];
  private lastFiles: { files: VersionedFile[]; assets: string; search: string } | undefined;
  /** The bytes of their HTML in the cache's file, counted as `files` passes over them and as they are written (TextStore.compactBy). */
  liveBytes = 0;

  /** How many pages the last `files` rendered anew. */
  get made(): number {
    return this.pages.made;
  }

  /**
   * Each page's file for the write stage, in order: `render` makes a page's HTML (with
   * placeholders) when the page is new or its key or `context` changed, `file` its file when that
   * or the asset URLs (`assets`, a key of all but the search index's, and `search`) changed, from
   * the page as kept (whose HTML `wrote` moves once it is written). The pages no longer present are dropped.
   */
  files(pages: readonly PageOutput[], context: string, assets: string, search: string, render: (page: PageOutput) => PageText,
    file: (page: PageOutput, known: RenderedPage, version: string, beforeSearch: string) => VersionedFile): VersionedFile[] {
    // The last build's texts where equal, so that each page's are compared by identity.
    const last = this.last;
    this.last = { context: context === last.context ? last.context : context, assets: assets === last.assets ? last.assets : assets };
    ({ context, assets } = this.last);
    // A page whose key is made from an object and a shared text (a doc page's) is known unchanged
    // while both are (Memo's `same`): the pages of a save are met without a key or a look-up each.
    // Its HTML holds while the context is also the same: a save passes the pages that are the last
    // one's objects (the docs' pages are kept, SitePartsCache.docPages) without reading them.
    const shared = pages.find((page) => page.keyShared)?.keyShared?.();
    const rendered = this.pages.all(pages, (page) => page.path, (page) => page.key(), (page) => ({ context, html: render(page) }), {
      stillHolds: (known) => known.context === context,
      same: shared === undefined ? undefined : `${shared}\u0000${context}`,
      identity: (page) => (page.keyObject !== undefined && page.keyShared?.() === shared ? page.keyObject : page),
      holdsWhileSame: true,
    });
    const fileOf = (known: RenderedPage, index: number): VersionedFile => {
      let kept = known.file;
      if (kept?.assets !== assets || kept.search !== search) {
        const page = pages[index] as PageOutput;
        const beforeSearch = `${context}:${page.key()}:${assets}`;
        kept = { made: file(page, known, `${beforeSearch}:${search}`, beforeSearch), assets, search };
        known.file = kept;
      }
      return kept.made;
    };
    const { changed } = this.pages;
    const before = this.lastFiles;
    let files: VersionedFile[];
    if (changed && before?.assets === assets && before.search === search) {
      // The other pages are the last call's, with the same HTML and files: patched where they changed.
      files = before.files.slice();
      for (const index of changed) {
        const was = this.rendered[index];
        if (was) this.liveBytes -= storedBytes(was.html);
        this.liveBytes += storedBytes((rendered[index] as RenderedPage).html);
        files[index] = fileOf(rendered[index] as RenderedPage, index);
      }
      notePatched(files, before.files, changed);
    } else {
      this.liveBytes = 0;
      files = rendered.map((known, index) => {
        this.liveBytes += storedBytes(known.html);
        return fileOf(known, index);
      });
    }
    this.rendered = rendered;
    this.lastFiles = { files, assets, search };
    return files;
  }

  /** A page of the last `files` was written: its HTML is read from its file from now on. */
  wrote(known: RenderedPage, written: WrittenPage): void {
    this.liveBytes -= storedBytes(known.html);
    known.html = written;
  }

  /** Each page's HTML still in the cache's file, for the store's compaction. */
  html(): StoredText[] {
    const stored: StoredText[] = [];
    for (const { html } of this.rendered) if (!(html instanceof WrittenPage)) stored.push(html);
    return stored;
  }
}
