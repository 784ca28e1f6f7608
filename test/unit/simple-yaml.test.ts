import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { load } from 'js-yaml';
import { writeCorpusSite } from '../../bench/corpus-site.ts';
import { readSimpleYaml } from '../../lib/load/simple-yaml.ts';

const ROOT = join(import.meta.dirname, '../..');

/** What js-yaml reads in the text, or "error". */
function jsYaml(text: string): unknown {
  try {
    return load(text);
  } catch {
    return 'error';
  }
}

/** A block the fast reader takes must be read exactly as js-yaml reads it. */
function agrees(text: string): boolean {
  const simple = readSimpleYaml(text);
  if (simple === undefined) return false;
  assert.deepEqual(simple, jsYaml(text), `read differently: ${JSON.stringify(text)}`);
  return true;
}

test('the usual front matter lines are read without js-yaml, as js-yaml reads them', () => {
  const taken = [
    'title: "Create a tune"\ndescription: "Trains a model on your photos."\ntags: ["LoRA", "Fine-tuning"]',
    'title: Create a tune\nsidebar_position: 2\nhide_table_of_contents: true\ndraft: false',
    "title: 'Quoted once'\r\nsidebar_position: -3\r\n\r\ntags: []",
    'title: Don\'t "guess" the seed\\value\nslug: /custom-route\nimage: img/cover.png',
    'description: Wide 画像, Ünïcode and a non-breaking space\u00a0',
    'keywords: ["a, b", "c"]\ntitle: x - y ? z | w > v % u @ t ` s & r * q ! p',
  ];
  for (const text of taken) assert.ok(agrees(text), `not taken: ${JSON.stringify(text)}`);
  assert.deepEqual(readSimpleYaml('title: "A"\ntags: ["x", "y"]\nsidebar_position: 0'), { title: 'A', tags: ['x', 'y'], sidebar_position: 0 });
});

test('a line YAML could read another way goes to js-yaml', () => {
  const declined = [
    'title: True', 'draft: NULL', 'title: null', 'draft: yes ', 'title: x # a comment', 'title: x: y', 'title:',
    'title: ', 'title:  two spaces', 'title: "an \\"escape\\""', "title: 'it''s'", 'title: {a: 1}',
    'title: x\ntitle: y', 'Title: x', '__proto__: x', 'title: 1e3', 'title: 0x1F', 'title: 017', 'title: +5',
    'title: 1.5', 'title: ~', 'tags: [a,b]', 'tags: [a , b]', 'tags: [a, True]', 'tags: [a, "b"]', 'tags: [a, [b]]',
    'title: &anchor x', 'title: *alias', 'title: !tag x', 'title: |', 'title: >',
    '  title: x', 'title: x\n  more', '- x', 'title: "x" ', 'title: "tab\tin"', 'title: "emoji 😀"', 'tags: ["x",]',
    'tags: ["x","y"]', 'title: x\ry', '# comment\ntitle: x', 'title: 1234567890123456',
  ];
  for (const text of declined) assert.equal(readSimpleYaml(text), undefined, `taken: ${JSON.stringify(text)}`);
});

test('every block the fast reader takes, of 30,000 made of YAML\'s special characters and words, reads as js-yaml reads it', () => {
  // A fixed sequence (mulberry32), so a failure names the same text on every run.
  let seed = 0x5eed;
  const random = (n: number): number => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (((t ^ (t >>> 14)) >>> 0) % n);
  };
  const pieces = ['a', 'Z', 'x y', ' ', '  ', '0', '7', '-', '_', '.', ',', ':', '#', '"', "'", '\\', '[', ']', '{', '}',
    '&', '*', '!', '|', '>', '%', '@', '`', '?', '~', '\t', '\r', '\u00a0', '\u2028', 'é', '画', '😀', 'true', 'True',
    'FALSE', 'null', 'Null', 'yes', 'on', '1e3', '.inf', '0x1f', '0o7', '012', '+1', '-0', '", "', '""', "''"];
  const keys = ['title', 'tags', 'draft', 'a_1', 'Title', 'x'];
  const piece = (): string => pieces[random(pieces.length)] as string;
  let taken = 0;
  for (let n = 0; n < 30_000; n++) {
    const lines: string[] = [];
    for (let l = 1 + random(3); l > 0; l--) {
      let value = '';
      for (let p = 1 + random(4); p > 0; p--) value += piece();
      const shape = random(6);
      if (shape === 1) value = `"${value}"`;
      else if (shape === 2) value = `'${value}'`;
      else if (shape === 3) value = `["${value}", "${piece()}"]`;
      else if (shape === 4) value = `[${value}, ${piece()}]`;
      lines.push(`${keys[random(keys.length)]}: ${value}`);
    }
    if (agrees(lines.join('\n'))) taken++;
  }
  // Enough of them are taken for the comparison to mean something.
  assert.ok(taken > 3_000, `only ${taken} taken`);
});

/** How many front matters of the markdown files under `dir` the fast reader takes (each checked against js-yaml), and how many there are. */
function frontMattersIn(dir: string): { taken: number; all: number } {
  const fences = /^---\r?\n([\s\S]*?)\r?\n---/;
  const counts = { taken: 0, all: 0 };
  const walk = (folder: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.mdx?$/.test(entry.name)) {
        const yaml = fences.exec(readFileSync(path, 'utf8'))?.[1];
        if (yaml === undefined) continue;
        counts.all++;
        if (agrees(yaml)) counts.taken++;
      }
    }
  };
  walk(dir);
  return counts;
}

test('the front matter of the real site and of the bench corpus is read as js-yaml reads it', (t) => {
  const real = frontMattersIn(join(ROOT, 'content'));
  assert.ok(real.taken >= real.all / 2, `the real site: ${real.taken} of ${real.all} taken`);
  const corpus = mkdtempSync(join(tmpdir(), 'pagewright-simple-yaml-'));
  t.after(() => rmSync(corpus, { recursive: true, force: true }));
  writeCorpusSite(ROOT, corpus, 300);
  const generated = frontMattersIn(join(corpus, 'content'));
  // Every generated page: the bench measures the fast path.
  assert.equal(generated.taken, generated.all);
});
