// The synonym table is content: read from content/search-synonyms.yml into the index's manifest,
// and a mistake in it fails the build naming the file, the line and the fix.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { parseSearchSynonyms, SYNONYMS_FILE } from '../../lib/load/search-synonyms.ts';
import { buildError, buildInto, fixtureWith } from '../helpers/site.ts';

const parse = (text: string) => parseSearchSynonyms(text, SYNONYMS_FILE);

function failure(text: string): string {
  try {
    parse(text);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  throw new Error('The synonyms were expected to be refused.');
}

test('a table of words: one word or a list each, as the index spells them', () => {
  assert.deepEqual(parse('# comment\nWebhook: [Callback, hook]\ncartoon: toonify\n'), { webhook: ['callback', 'hook'], cartoon: ['toonify'] });
  assert.deepEqual(parse(''), {});
  assert.deepEqual(parse('# nothing yet\n\n'), {});
  assert.deepEqual(parse('__proto__: [prototype]\n'), JSON.parse('{"__proto__":["prototype"]}'), 'an own entry, not the prototype');
});

test('each mistake names the file, the line and what to write', () => {
  const cases: [string, number, RegExp][] = [
    ['webhook: [callback]\nweb hook: [callback]\n', 2, /"web hook" is not one word/],
    ['webhook: [callback]\n\nthe: [a]\n', 3, /"the" is not one word/],
    ['webhook: [call back]\n', 1, /"call back" \(a synonym of "webhook"\)/],
    ['a1: [b1]\nwebhook: 42\n', 2, /must be a word or a list of words/],
    ['webhook: []\n', 1, /must be a word or a list of words/],
    ['webhook: [webhook]\n', 1, /lists itself/],
    ['webhook: [callback]\nWebhook: [hook]\n', 2, /listed twice/],
    ['webhook: [callback\n', 2, /Invalid YAML/],
    ['- webhook\n- callback\n', 1, /must be a mapping/],
  ];
  for (const [text, line, problem] of cases) {
    const message = failure(text);
    assert.match(message, problem, text);
    assert.ok(message.includes(`${SYNONYMS_FILE}:${line}`), `line ${line} named: ${message}`);
  }
});

test('the build puts the table into the index and fails on a bad one', async () => {
  const site = fixtureWith({ [SYNONYMS_FILE]: 'webhook: [callback]\n' });
  const { outDir } = await buildInto(site);
  const folder = join(outDir, 'assets/search');
  const entry = readdirSync(folder).find((name) => name.startsWith('search-index.')) ?? '';
  assert.deepEqual((JSON.parse(readFileSync(join(folder, entry), 'utf8')) as { synonyms: unknown }).synonyms, { webhook: ['callback'] });
  const message = await buildError(fixtureWith({ [SYNONYMS_FILE]: 'fine: [good]\nnot fine: [x]\n' }));
  assert.match(message, new RegExp(`${SYNONYMS_FILE.replace(/\./g, '\\.')}:2`));
});
