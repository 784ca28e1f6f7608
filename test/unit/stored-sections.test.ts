// `npm start` keeps each doc's search sections between builds (lib/runtime/stored-sections.ts),
// and a search update's job in the helper thread reads them at the places it is given, in a link
// to the store's file. A save patches the list where its docs' list was patched, reading no other
// doc; whatever changed, the places give each doc's own sections, in order.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import type { SearchSection } from '../../lib/assets/search/sections.ts';
import type { DocPage } from '../../lib/model.ts';
import { notePatched } from '../../lib/runtime/same-items.ts';
import { SpillFile } from '../../lib/runtime/spill.ts';
import { StoredSections } from '../../lib/runtime/stored-sections.ts';
import { testDirs } from '../helpers/site.ts';

/** A doc, as the store takes it: a key, and its text made into sections by `make`. */
const doc = (text: string) => ({ route: `/docs/${text}/`, text }) as unknown as DocPage;
const textOf = (page: DocPage) => (page as unknown as { text: string }).text;

/** A store whose `make` counts its calls, and the docs' sections as a helper thread reads them. */
function storeOf(t: { after: (fn: () => void) => void }, dir: string, slack?: number) {
  const sections = new StoredSections(slack);
  t.after(() => sections.store.close());
  const made: string[] = [];
  const make = (page: DocPage): SearchSection[] => {
    made.push(textOf(page));
    return [{ title: textOf(page), text: textOf(page).repeat(20) } as unknown as SearchSection];
  };
  let links = 0;
  /** The rest of the index's input as the job reads it (its category pages' sections, its synonyms), from the last link. */
  let input: unknown;
  /** Each doc's sections title, read at the places given, in a new link, as the job reads them. */
  const read = () => {
    const path = join(dir, `link-${links++}`);
    const { places, input: inputAt } = sections.linkTo(path);
    const file = SpillFile.at(path, false);
    try {
      input = JSON.parse(file.get(inputAt));
      const titles: string[] = [];
      for (let at = 0; at < places.length; at += 2) {
        const [section] = JSON.parse(file.get({ offset: places[at] as number, length: places[at + 1] as number })) as { title: string }[];
        titles.push(section?.title ?? '');
      }
      return titles;
    } finally {
      file.close();
    }
  };
  const inputRead = () => input;
  return { sections, made, make, read, inputRead };
}

/** A list whose reads by index are counted; noted as patched from `from` at `at`. */
function patchedList(from: readonly DocPage[], replaced: Record<number, DocPage>) {
  const items = from.slice();
  for (const [index, item] of Object.entries(replaced)) items[Number(index)] = item;
  let reads = 0;
  const list = new Proxy(items, {
    get(target, key, receiver) {
      if (typeof key === 'string' && /^\d+$/.test(key)) reads += 1;
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  notePatched(list, from, Object.keys(replaced).map(Number).sort((a, b) => a - b));
  return { list, reads: () => reads };
}

test('a save patches the sections where its docs were patched, and the places give every doc its own', (t) => {
  const [dir] = testDirs(t, 'pagewright-stored-sections-');
  const { sections, made, make, read, inputRead } = storeOf(t, dir as string);
  const first = Array.from({ length: 100 }, (_, index) => doc(`d${index}`));
  sections.keep(first, make);
  const categories = [{ title: 'A category' } as unknown as SearchSection];
  sections.keepInput(categories, { ai: ['model'] });
  assert.equal(made.length, 100);
  assert.deepEqual(read(), first.map(textOf));
  assert.deepEqual(inputRead(), { sections: categories, synonyms: { ai: ['model'] } });
  // The same category sections and synonyms again: kept, not made and put anew.
  const inputAt = () => sections.linkTo(join(dir as string, `input-${Math.random()}`)).input.offset;
  const keptAt = inputAt();
  sections.keepInput(categories, { ai: ['model'] });
  assert.equal(inputAt(), keptAt);

  // One doc edited: it alone is read and made; the list read again gives its new sections.
  made.length = 0;
  const edited = patchedList(first, { 30: doc('d30 edited') });
  sections.keep(edited.list, make);
  assert.deepEqual(made, ['d30 edited']);
  assert.ok(edited.reads() <= 3, `${edited.reads()} docs read of one patched`);
  const expected = first.map(textOf);
  expected[30] = 'd30 edited';
  assert.deepEqual(read(), expected);

  // Two docs that swapped places: neither made anew, each still its own.
  made.length = 0;
  const swapped = patchedList(edited.list, { 10: first[20] as DocPage, 20: first[10] as DocPage });
  sections.keep(swapped.list, make);
  assert.deepEqual(made, []);
  [expected[10], expected[20]] = [expected[20] as string, expected[10] as string];
  assert.deepEqual(read(), expected);

  // The edited doc's old page is gone: met again (an edit undone), it is made anew.
  const undone = patchedList(swapped.list, { 30: first[30] as DocPage });
  sections.keep(undone.list, make);
  assert.deepEqual(made, ['d30']);
  expected[30] = 'd30';
  assert.deepEqual(read(), expected);

  // A list not patched from the last (another length): every doc read, none kept made again.
  made.length = 0;
  const shorter = undone.list.slice(0, 50);
  sections.keep(shorter, make);
  assert.deepEqual(made, []);
  assert.deepEqual(read(), expected.slice(0, 50));
});

test('after the store moved its texts, and after a doc whose sections failed, the places are right', (t) => {
  const [dir] = testDirs(t, 'pagewright-stored-sections-moved-');
  // A small slack: a few edits make the store move its live texts to a new file.
  const { sections, make, read, inputRead } = storeOf(t, dir as string, 200);
  let docs: DocPage[] = Array.from({ length: 20 }, (_, index) => doc(`d${index}`));
  sections.keep(docs, make);
  const categories = [{ title: 'Kept category' } as unknown as SearchSection];
  sections.keepInput(categories, {});
  read();
  const moves = sections.store.moves;
  for (let edit = 0; edit < 60; edit++) {
    docs = patchedList(docs, { [edit % 20]: doc(`d${edit % 20} edit ${edit}`) }).list;
    sections.keep(docs, make);
  }
  assert.ok(sections.store.moves > moves, 'the texts moved');
  assert.deepEqual(read(), docs.map(textOf));
  assert.deepEqual(inputRead(), { sections: categories, synonyms: {} }, 'the input moved with them');
  // Other category sections: the input read is theirs.
  const renamed = [{ title: 'Renamed category' } as unknown as SearchSection];
  sections.keepInput(renamed, {});
  read();
  assert.deepEqual(inputRead(), { sections: renamed, synonyms: {} });

  // A doc whose sections cannot be made fails the call, after another doc's were made; the next
  // call, patched from the last list that was kept, gives each doc its own.
  const failing = patchedList(docs, { 2: doc('d2 in the failed build'), 5: doc('fails') }).list;
  assert.throws(() => sections.keep(failing, (page) => {
    if (textOf(page) === 'fails') throw new Error('no sections');
    return make(page);
  }), /no sections/);
  const fixed = patchedList(docs, { 5: doc('d5 fixed') }).list;
  sections.keep(fixed, make);
  assert.deepEqual(read(), fixed.map(textOf));
});

test('a save whose docs list was not patched from the last lets the list go, and the next job reads every doc', (t) => {
  const [dir] = testDirs(t, 'pagewright-stored-sections-follow-');
  const { sections, made, make, read } = storeOf(t, dir as string);
  const first = Array.from({ length: 50 }, (_, index) => doc(`d${index}`));
  sections.keep(first, make);
  sections.keepInput([], {});
  // A doc added: another length, so no patch; the save reads no doc.
  made.length = 0;
  let reads = 0;
  const added = new Proxy([...first, doc('d50')], {
    get(target, key, receiver) {
      if (typeof key === 'string' && /^\d+$/.test(key)) reads += 1;
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  sections.follow(added, make);
  assert.equal(reads, 0, 'the save read no doc');
  assert.deepEqual(made, []);
  assert.throws(() => read(), /linked before they were kept/);
  // The job's keep reads every doc; the list holds the new one.
  sections.keep(added, make);
  assert.deepEqual(made, ['d50']);
  assert.deepEqual(read(), added.map(textOf));
});
