// Every tag of the specification is carried by a page of the real site, and every tag page lists
// exactly the pages carrying that tag.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { buildInto, ROOT } from '../helpers/site.ts';

const { outDir } = await buildInto(ROOT);
const sitemap = readFileSync(join(outDir, 'sitemap.xml'), 'utf8');
const routes = [...sitemap.matchAll(/<loc>https?:\/\/[^/]+(\/[^<]*)<\/loc>/g)].map((m) => m[1] ?? '/');
const pages = routes.map((route) => ({ route, html: readFileSync(join(outDir, route.slice(1), 'index.html'), 'utf8') }));

// The tag list of the specification (section 2).
const SPEC_TAGS = ['ai-avatars', 'ai-headshots', 'ai-photoshoot', 'animated', 'api', 'avatars', 'backend-v-0', 'background-replacement',
  'cinematic', 'clarity', 'clothing', 'comic-book', 'creative-upscaler', 'e-commerce', 'ecommerce', 'enhance', 'fantasy-art', 'fashion',
  'fine-tuning', 'flux', 'garment', 'headshots', 'image-enhancement', 'line-art', 'lineart', 'lo-ra', 'lora', 'lowpoly', 'magnific',
  'neonpunk', 'noise-offset', 'oil-painting', 'outpainting', 'photo-optimization', 'photographic', 'product-photo', 'products',
  'prompt-styles', 'shopify', 'social-profiles', 'style', 'super-resolution', 'templates', 'training', 'upscaling', 'virtual-influencers',
  'virtual-try-on', 'vton'];

test('every tag of the specification is carried by a page, and each tag page lists exactly the pages carrying it', () => {
  const carriers = new Map<string, Set<string>>();
  for (const { route, html } of pages) {
    for (const tag of html.matchAll(/<div class="tag-list">[\s\S]*?<\/div>/g)) {
      for (const link of tag[0].matchAll(/href="\/docs\/tags\/([^/"]+)\/"/g)) {
        carriers.set(link[1] ?? '', new Set([...(carriers.get(link[1] ?? '') ?? []), route]));
      }
    }
  }
  assert.deepEqual([...carriers.keys()].sort(), [...SPEC_TAGS].sort());
  for (const [slug, routesWithTag] of carriers) {
    const html = readFileSync(join(outDir, 'docs/tags', slug, 'index.html'), 'utf8');
    const listed = [...html.matchAll(/<article class="tag-page__doc"><a href="([^"]+)"/g)].map((m) => m[1]);
    assert.deepEqual(listed.sort(), [...routesWithTag].sort(), slug);
  }
});
