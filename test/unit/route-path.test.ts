import assert from 'node:assert/strict';
import { test } from 'node:test';
import { encodeSegment, routeFile } from '../../lib/load/route-path.ts';

/** The segment as the URL parser writes a link's path to it, "%", "#", "?", "\" and "/" escaped first. */
function asTheParserWrites(name: string): string {
  const escaped = name.replace(/[%#?\\/]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return new URL(`/${escaped}`, 'http://site').pathname.slice(1);
}

test('a name of letters, digits and "-", "_", ".", "~" is its own segment, as the URL parser writes it', () => {
  const names = ['page-00650', 'Getting_started', 'v2.1', '~draft', '...', '.hidden', 'a..b', '-', ''];
  // And 2,000 more from those characters (a fixed sequence).
  const alphabet = 'aZ09-_.~';
  let seed = 7;
  for (let n = 0; n < 2_000; n++) {
    let name = '';
    for (let length = 1 + (n % 6); length > 0; length--) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      name += alphabet[seed % alphabet.length];
    }
    if (name !== '.' && name !== '..') names.push(name);
  }
  for (const name of names) assert.equal(encodeSegment(name), asTheParserWrites(name), JSON.stringify(name));
  for (const name of names.slice(0, 9)) assert.equal(encodeSegment(name), name);
});

test('any other name is escaped as the URL parser escapes a link to it', () => {
  const cases: [string, string][] = [['a b', 'a%20b'], ['a#b', 'a%23b'], ['a?b', 'a%3Fb'], ['100%', '100%25'], ['a\\b', 'a%5Cb'],
    ['é', '%C3%A9'], ['c:', 'c:'], ['"q"', '%22q%22'], ['a+b', 'a+b'], ['<x>', '%3Cx%3E']];
  for (const [name, segment] of cases) {
    assert.equal(encodeSegment(name), segment, JSON.stringify(name));
    assert.equal(encodeSegment(name), asTheParserWrites(name), JSON.stringify(name));
  }
  assert.throws(() => encodeSegment('.'));
  assert.throws(() => encodeSegment('..'));
});

test('a route\'s file is its path decoded, whether or not it has anything to decode', () => {
  assert.equal(routeFile('/docs/page-00650/', 'index.html'), 'docs/page-00650/index.html');
  assert.equal(routeFile('/', 'index.html'), 'index.html');
  assert.equal(routeFile('/docs/a%23b/100%25/%C3%A9/', 'index.md'), 'docs/a#b/100%/é/index.md');
  for (const name of ['a b', 'a#b', '100%', 'é', 'page-1', 'c:']) {
    const route = `/docs/${encodeSegment(name)}/`;
    assert.equal(routeFile(route, 'index.html'), `docs/${name}/index.html`, route);
  }
});
