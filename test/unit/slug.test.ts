import assert from 'node:assert/strict';
import { test } from 'node:test';
import { kebabCase, slugify } from '../../lib/slug.ts';

// Every label of the specification's tag list with the slug the spec expects.
const SPEC_TAGS: [string, string][] = [
  ['AI avatars', 'ai-avatars'], ['AI headshots', 'ai-headshots'], ['AI photoshoot', 'ai-photoshoot'],
  ['animated', 'animated'], ['api', 'api'], ['avatars', 'avatars'], ['backend-v0', 'backend-v-0'],
  ['background replacement', 'background-replacement'], ['cinematic', 'cinematic'], ['clarity', 'clarity'],
  ['clothing', 'clothing'], ['comic book', 'comic-book'], ['creative upscaler', 'creative-upscaler'],
  ['e-commerce', 'e-commerce'], ['ecommerce', 'ecommerce'], ['enhance', 'enhance'], ['fantasy art', 'fantasy-art'],
  ['fashion', 'fashion'], ['fine-tuning', 'fine-tuning'], ['flux', 'flux'], ['garment', 'garment'],
  ['headshots', 'headshots'], ['image enhancement', 'image-enhancement'], ['line art', 'line-art'],
  ['lineart', 'lineart'], ['LoRA', 'lo-ra'], ['lora', 'lora'], ['lowpoly', 'lowpoly'], ['magnific', 'magnific'],
  ['neonpunk', 'neonpunk'], ['noise offset', 'noise-offset'], ['oil painting', 'oil-painting'],
  ['Outpainting', 'outpainting'], ['photo optimization', 'photo-optimization'], ['photographic', 'photographic'],
  ['product photo', 'product-photo'], ['products', 'products'], ['prompt styles', 'prompt-styles'],
  ['Shopify', 'shopify'], ['social profiles', 'social-profiles'], ['style', 'style'],
  ['super-resolution', 'super-resolution'], ['templates', 'templates'], ['training', 'training'],
  ['upscaling', 'upscaling'], ['virtual influencers', 'virtual-influencers'], ['virtual try-on', 'virtual-try-on'],
  ['VTON', 'vton'],
];

test('tag labels become the specification slugs', () => {
  for (const [label, slug] of SPEC_TAGS) assert.equal(kebabCase(label), slug, label);
  assert.equal(SPEC_TAGS.length, 48);
});

test('tag slugs split at case changes and letter/digit changes', () => {
  assert.equal(kebabCase('fooBar'), 'foo-bar');
  assert.equal(kebabCase('version2Beta'), 'version-2-beta');
  assert.equal(kebabCase('  spaced   out  '), 'spaced-out');
});

test('category slugs: lower case, spaces to hyphens', () => {
  assert.equal(slugify('Use cases'), 'use-cases');
  assert.equal(slugify('Pack tunes'), 'pack-tunes');
  assert.equal(slugify('API'), 'api');
});
