// The server behind `npm start` and the browser tests follows the site's URL rules and never
// serves anything outside the built site.
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { after, before, test } from 'node:test';
import { BASIC_FIXTURE, buildInto } from '../helpers/site.ts';
import { serve } from '../helpers/browser.ts';

let site: { url: string; close: () => Promise<void> };

before(async () => {
  const { outDir } = await buildInto(BASIC_FIXTURE);
  site = await serve(outDir);
});

after(async () => site?.close());

/** A raw GET, so the path reaches the server exactly as written (no client-side normalising). */
function get(path: string): Promise<{ status: number; location: string | undefined; body: string }> {
  const { hostname, port } = new URL(site.url);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, method: 'GET' }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, location: response.headers.location, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

test('routes are served from route/index.html; a path without its slash redirects to it', async () => {
  assert.equal((await get('/docs/guides/first/')).status, 200);
  const redirect = await get('/docs/guides/first');
  assert.equal(redirect.status, 301);
  assert.equal(redirect.location, '/docs/guides/first/');
});

test('".html" and "/index.html" addresses redirect to the clean path, keeping the query', async () => {
  for (const path of ['/docs/guides/first/index.html?x=1', '/docs/guides/first.html?x=1']) {
    const response = await get(path);
    assert.equal(response.status, 301, path);
    assert.equal(response.location, '/docs/guides/first/?x=1', path);
  }
});

test('an unknown path gets the not-found page with status 404', async () => {
  const response = await get('/docs/nothing-here/');
  assert.equal(response.status, 404);
  assert.match(response.body, /<h1>Page Not Found<\/h1>/);
});

test('paths that climb out of the site are refused, and folders are never listed', async () => {
  for (const path of ['/../package.json', '/%2e%2e/%2e%2e/package.json', '/docs/..%2f..%2f..%2fpackage.json', '/assets/', '/assets/css/']) {
    const response = await get(path);
    assert.equal(response.status, 404, path);
    assert.doesNotMatch(response.body, /"name": "pagewright"|<a href="main\./, path);
  }
});
