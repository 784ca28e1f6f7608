// /llms-full.txt at scale (lib/assemble/llms.ts): up to LLMS_FULL_PART_DOCS docs it is one file; past
// that it lists its parts, /llms-full-1.txt, …, which hold the same entries in the same order.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { LLMS_FULL_PART_DOCS, llmsFullParts } from '../../lib/assemble/llms.ts';
import { BASIC_FIXTURE, buildInto, fixtureWith } from '../helpers/site.ts';

const ORIGIN = 'https://fixture.example.com';

/** The entries of an llms-full file: the URLs of their Source lines, in order. */
const sources = (text: string) => [...text.matchAll(/^Source: (\S+)$/gm)].map((match) => match[1] ?? '');

test('one part up to LLMS_FULL_PART_DOCS docs, then one more for each LLMS_FULL_PART_DOCS more', () => {
  assert.equal(LLMS_FULL_PART_DOCS, 200);
  assert.deepEqual([1, 200, 201, 400, 401].map((count) => llmsFullParts(count)), [1, 1, 2, 2, 3]);
});

test('a small site keeps one /llms-full.txt with every doc', async (t) => {
  const { outDir } = await buildInto(BASIC_FIXTURE);
  t.after(() => rmSync(join(outDir, '..'), { recursive: true, force: true }));
  const full = readFileSync(join(outDir, 'llms-full.txt'), 'utf8');
  assert.ok(sources(full).length > 0);
  assert.equal(existsSync(join(outDir, 'llms-full-1.txt')), false);
  assert.match(readFileSync(join(outDir, 'llms.txt'), 'utf8'), /The whole documentation in one file: https:\/\/\S+\/llms-full\.txt\n/);
});

test('a site of more docs gets /llms-full.txt as a list of parts that hold every doc once, in reading order', async (t) => {
  const files: Record<string, string> = {};
  for (let index = 0; index < 230; index++) {
    files[`content/docs/many/doc-${String(index).padStart(3, '0')}.md`] = `---\ntitle: Topic ${index}\n---\n\nAbout topic ${index}, with a [link](../guides/1-first.md).\n`;
  }
  const site = fixtureWith(files);
  const { outDir } = await buildInto(site);
  t.after(() => {
    rmSync(site, { recursive: true, force: true });
    rmSync(join(outDir, '..'), { recursive: true, force: true });
  });
  const read = (path: string) => readFileSync(join(outDir, path), 'utf8');
  const index = read('llms-full.txt');
  const origin = /^Source: (https?:\/\/[^/]+)/m.exec(read('llms-full-1.txt'))?.[1] ?? ORIGIN;
  assert.deepEqual([...index.matchAll(/\]\((\S+)\)$/gm)].map((match) => match[1]), [`${origin}/llms-full-1.txt`, `${origin}/llms-full-2.txt`]);
  assert.match(index, /^# .+\n\n> .+\n\nThe whole documentation is in 2 parts, in reading order/);
  assert.deepEqual(sources(index), [], 'the list holds no doc itself');
  assert.equal(existsSync(join(outDir, 'llms-full-3.txt')), false);
  const parts = [read('llms-full-1.txt'), read('llms-full-2.txt')];
  assert.match(parts[0] ?? '', /^# .+ \(part 1 of 2\)\n\n> /);
  assert.match(parts[1] ?? '', /^# .+ \(part 2 of 2\)\n\n> /);
  const listed = parts.flatMap(sources);
  assert.equal(sources(parts[0] ?? '').length, LLMS_FULL_PART_DOCS);
  assert.equal(new Set(listed).size, listed.length, 'each doc once');
  // Every doc of the site (the pages with a markdown twin), in the reading order of llms.txt.
  const llms = read('llms.txt');
  const reading = [...llms.matchAll(/^- \[[^\]]*\]\((\S+)\)/gm)].map((match) => match[1] ?? '')
    .filter((url) => existsSync(join(outDir, new URL(url).pathname, 'index.md')));
  assert.deepEqual(listed, reading);
  // Each entry is the doc's twin under its URL, as in the single file.
  for (const part of parts) {
    for (const url of sources(part).slice(0, 3)) {
      const twin = read(join(new URL(url).pathname, 'index.md'));
      assert.ok(part.includes(`---\n\nSource: ${url}\n\n${twin}\n`), `the twin of ${url}`);
    }
  }
  assert.match(llms, new RegExp(`The whole documentation, in 2 parts listed at: ${origin}/llms-full\\.txt\\n`));
});
