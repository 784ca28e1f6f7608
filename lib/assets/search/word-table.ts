// Search index: the distinct words of the sections, each numbered when first met. A word is looked
// up where it stands in its text (a start and an end), so the millions of words a large site's
// sections hold are not each made a string and looked up in a Map, which took the most time of
// indexing 100,000 pages and made a string for the collector to collect per word; only a word met
// for the first time becomes a string. Open addressing on FNV-1a hashes of the UTF-16 code units.
import { ownString } from '../../runtime/spill.ts';
import { grown } from './int-arrays.ts';

/** Code units of `word` equal to those of text[start, end). */
function sameWord(word: string, text: string, start: number, end: number): boolean {
  if (word.length !== end - start) return false;
  for (let at = 0; at < word.length; at += 1) if (word.charCodeAt(at) !== text.charCodeAt(start + at)) return false;
  return true;
}

export class WordTable {
  /** The words, by number. */
  readonly words: string[] = [];
  /** Each word's hash, by number (to place it again when the table grows). */
  private hashes = new Int32Array(1024);
  /** Hash table: a word's number + 1, or 0 for an empty slot; twice as many slots as words at least. */
  private slots = new Int32Array(2048);

  get size(): number {
    return this.words.length;
  }

  /** The number of the word text[start, end) (non-empty); a word met for the first time gets the next number (`size`). */
  numberOf(text: string, start: number, end: number): number {
    let hash = 0x811c9dc5;
    for (let at = start; at < end; at += 1) hash = Math.imul(hash ^ text.charCodeAt(at), 0x01000193);
    const mask = this.slots.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const held = this.slots[slot] as number;
      if (held === 0) return this.add(text.slice(start, end), hash, slot);
      const word = held - 1;
      if (this.hashes[word] === hash && sameWord(this.words[word] as string, text, start, end)) return word;
    }
  }

  private add(text: string, hash: number, slot: number): number {
    const word = this.words.length;
    // A string of its own: a slice would keep its section's text (or its page's) alive for the
    // whole index.
    this.words.push(ownString(text));
    if (word >= this.hashes.length) this.hashes = grown(this.hashes);
    this.hashes[word] = hash;
    this.slots[slot] = word + 1;
    if (this.words.length * 2 > this.slots.length) this.grow();
    return word;
  }

  /** Twice the slots, each word placed again by its hash. */
  private grow(): void {
    const slots = new Int32Array(this.slots.length * 2);
    const mask = slots.length - 1;
    for (let word = 0; word < this.words.length; word += 1) {
      let slot = (this.hashes[word] as number) & mask;
      while (slots[slot] !== 0) slot = (slot + 1) & mask;
      slots[slot] = word + 1;
    }
    this.slots = slots;
  }
}
