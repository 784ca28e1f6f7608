// Runtime, `npm start`: each doc's search sections, as JSON in a store of their own, kept while
// the doc object is the same (a doc page object is new whenever its content or base URL changes),
// and the list of them in the docs' order that a search update's job reads in the helper thread.
// A save's list is the last one patched in place where the docs' list was (notePatched), with the
// places the helper reads kept as numbers: made by a pass over every doc, with a look-up each, the job of
// a save at 100,000 docs took the build process ~0.2 s, and sending the places as objects ~0.1 s
// more, which a save made meanwhile waited for.
import type { SearchSection } from '../assets/search/sections.ts';
import type { DocPage } from '../model.ts';
import { changedSince } from './same-items.ts';
import type { SpilledText } from './spill.ts';
import { TextStore, type StoredText } from './text-store.ts';

export class StoredSections {
  readonly store: TextStore;
  private readonly byDoc = new Map<DocPage, StoredText>();
  /**
   * The docs of the last `keep` call and their texts, patched in place by the next; the texts'
   * bytes; where each text is, as offset and length pairs (made when first asked, and while the
   * store has not moved the texts since, `moves`, patched with them).
   */
  private last: { docs: readonly DocPage[]; texts: StoredText[]; bytes: number; places: Float64Array | undefined; moves: number } | undefined;
  /**
   * The rest of the index's input (IndexInput: the category pages' sections, the synonyms) as JSON
   * in the store, while the sections are the same list and the synonyms the same: at 100,000 docs,
   * ~10 MB that took the build process ~40 ms to make and ~50 ms to send to the helper thread.
   */
  private input: { sections: readonly SearchSection[]; synonyms: string; text: StoredText } | undefined;

  /** `slack`: the store's (TextStore), smaller in tests. */
  constructor(slack?: number) {
    this.store = new TextStore(slack);
  }

  /**
   * Keeps each doc's sections, in order: `make` gives a doc's where none are kept; `use`, when
   * given, gets every doc's (read back where kept). Sections of docs no longer given are dropped,
   * and the store compacted.
   */
  keep(docs: readonly DocPage[], make: (doc: DocPage) => SearchSection[], use?: (sections: SearchSection[]) => void): void {
    this.update(docs, make, use, false);
  }

  /**
   * `keep` for a save's docs, where their list was patched from the last call's (each save calls
   * it, so that the next finds its list patched from this one's); otherwise the list is let go, and
   * the next `keep` (a search update's job, made after the save) reads every doc instead of the save.
   */
  follow(docs: readonly DocPage[], make: (doc: DocPage) => SearchSection[]): void {
    this.update(docs, make, undefined, true);
  }

  private update(docs: readonly DocPage[], make: (doc: DocPage) => SearchSection[], use: ((sections: SearchSection[]) => void) | undefined, patchOnly: boolean): void {
    const { last, store, byDoc } = this;
    const changed = !use && last && last.docs.length === docs.length ? changedSince(last.docs, docs) : undefined;
    const textOf = (doc: DocPage): StoredText => {
      const known = byDoc.get(doc);
      if (known) {
        use?.(JSON.parse(store.get(known)) as SearchSection[]);
        return known;
      }
      const found = make(doc);
      use?.(found);
      const text = store.put(JSON.stringify(found));
      byDoc.set(doc, text);
      return text;
    };
    // Until the call ends, none is kept: should a doc's sections fail to be made, the next call reads every doc.
    this.last = undefined;
    if (last && changed) {
      const { texts } = last;
      const places = last.moves === store.moves ? last.places : undefined;
      // A doc gone from a place is gone from the list unless it came to another of the changed places.
      const coming = new Set<DocPage>();
      for (const index of changed) coming.add(docs[index] as DocPage);
      for (const index of changed) {
        const was = last.docs[index] as DocPage;
        if (!coming.has(was)) byDoc.delete(was);
        const text = textOf(docs[index] as DocPage);
        last.bytes += text.length - (texts[index] as StoredText).length;
        texts[index] = text;
        if (places) {
          places[2 * index] = text.offset;
          places[2 * index + 1] = text.length;
        }
      }
      this.last = { ...last, docs, places };
    } else if (patchOnly) {
      return;
    } else {
      const texts = docs.map(textOf);
      let bytes = 0;
      for (const text of texts) bytes += text.length;
      const present = new Set(docs);
      for (const doc of byDoc.keys()) if (!present.has(doc)) byDoc.delete(doc);
      this.last = { docs, texts, bytes, places: undefined, moves: store.moves };
    }
    this.compact();
  }

  /**
   * Each doc's sections as another thread made them, as JSON in `file` (`places`: offset and length
   * pairs, in the docs' order), taken into the store whole: as `keep` would have kept them.
   */
  adopt(docs: readonly DocPage[], file: string, places: Float64Array): void {
    const at: SpilledText[] = [];
    for (let index = 0; index < places.length; index += 2) at.push({ offset: places[index] as number, length: places[index + 1] as number });
    if (at.length !== docs.length) throw new Error(`Internal error: ${at.length} docs' search sections were made for ${docs.length} docs.`);
    const texts = this.store.putFile(file, at);
    const { byDoc } = this;
    byDoc.clear();
    let bytes = 0;
    texts.forEach((text, index) => {
      byDoc.set(docs[index] as DocPage, text);
      bytes += text.length;
    });
    this.last = { docs, texts, bytes, places: undefined, moves: this.store.moves };
    this.compact();
  }

  /** The index's input besides the docs' sections, kept in the store while the same (see `input`). */
  keepInput(sections: readonly SearchSection[], synonyms: unknown): void {
    const synonymsJson = JSON.stringify(synonyms);
    if (this.input?.sections === sections && this.input.synonyms === synonymsJson) return;
    this.input = { sections, synonyms: synonymsJson, text: this.store.put(JSON.stringify({ sections, synonyms })) };
    this.compact();
  }

  /** Moves the texts still used to a new file when the store's is mostly dead bytes. */
  private compact(): void {
    const texts = this.last?.texts ?? [];
    const input = this.input?.text;
    this.store.compactBy((this.last?.bytes ?? 0) + (input?.length ?? 0), () => (input ? [...texts, input] : texts));
  }

  /**
   * Where the last `keep` call's texts are, as offset and length pairs in order, and the last
   * `keepInput` call's, in a hard link to the store's file made at `path` (TextStore.linkTo): read
   * there by another thread while this store may move its texts to a new file. The pairs are this
   * store's, patched by the next `keep`: copy them to keep them (a message to a thread does).
   */
  linkTo(path: string): { places: Float64Array; input: SpilledText } {
    const { last, input } = this;
    if (!last || !input) throw new Error('Internal error: the stored sections were linked before they were kept.');
    this.store.linkTo(path);
    if (!last.places || last.moves !== this.store.moves) {
      const places = new Float64Array(2 * last.texts.length);
      last.texts.forEach(({ offset, length }, index) => {
        places[2 * index] = offset;
        places[2 * index + 1] = length;
      });
      last.places = places;
      last.moves = this.store.moves;
    }
    return { places: last.places, input: { offset: input.text.offset, length: input.text.length } };
  }
}
