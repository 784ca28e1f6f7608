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

test('ASCII labels get the words the Unicode rule gives them', () => {
  // The rule as written for every script; kebabCase takes a shorter way for ASCII labels.
  const unicodeWords = (text: string) => (text.match(/\p{Lu}{2,}(?=\p{Lu}[\p{Ll}\p{M}]+|[^\p{L}\p{M}]|$)|\p{Lu}?[\p{Ll}\p{M}]+|\p{Lu}[\p{Lu}\p{M}]*|\p{N}+|[\p{Lo}\p{Lm}\p{Lt}][\p{Lo}\p{Lm}\p{Lt}\p{M}]*/gu) ?? [])
    .map((word) => word.toLowerCase()).join('-');
  // Every string of up to four characters from a set that holds each kind of ASCII character.
  const alphabet = ['a', 'z', 'A', 'Z', '0', '9', ' ', '-', '_', '.', '\t', '@'];
  let labels = [''];
  const all: string[] = [];
  for (let length = 1; length <= 4; length++) {
    labels = labels.flatMap((label) => alphabet.map((character) => label + character));
    all.push(...labels);
  }
  for (let code = 0; code < 128; code++) all.push(String.fromCharCode(code), `x${String.fromCharCode(code)}Y`);
  for (const label of all) {
    const expected = unicodeWords(label);
    if (expected !== '') assert.equal(kebabCase(label), expected, JSON.stringify(label));
    else assert.match(kebabCase(label), /^(u-[0-9a-f]+(-[0-9a-f]+)*)?$/, JSON.stringify(label));
  }
});

test('category slugs: lower case, spaces to hyphens', () => {
  assert.equal(slugify('Use cases'), 'use-cases');
  assert.equal(slugify('Pack tunes'), 'pack-tunes');
  assert.equal(slugify('API'), 'api');
});
