// Held-out questions for the search: written by someone other than the author of the ranking
// rules and of bench/search-questions.ts, after those rules were done, and never tuned against.
// They say how the search does on questions it was not shaped by (the bar: the right page
// in the top three for 9 questions in 10). `npm run bench:search` prints them; no test holds a
// floor on them, so that nobody is tempted to tune the ranking to them.
import type { RelevanceQuestion } from './search-questions.ts';

export const HELD_OUT_QUESTIONS: RelevanceQuestion[] = [
  { query: 'swap a face onto another photo', answers: ['/docs/features/face-swap/'] },
  { query: 'list every prompt of a tune', answers: ['/docs/api/prompt/list/'] },
  { query: 'is my training finished yet', answers: ['/docs/api/tune/retrieve/', '/docs/api/overview/'] },
  { query: 'unlike an image', answers: ['/docs/api/like/delete/'] },
  { query: 'find out what is in an uploaded photo', answers: ['/docs/api/images/inspect/'] },
  { query: 'copy an existing prompt', answers: ['/docs/api/prompt/duplicate/'] },
  { query: 'where is my api key', answers: ['/docs/api/quickstart/', '/docs/api/overview/'] },
  { query: 'first image in five minutes', answers: ['/docs/api/quickstart/'] },
  { query: 'fix a blurry face in a generated photo', answers: ['/docs/features/face-inpainting/'] },
  { query: 'more than one person in the picture', answers: ['/docs/features/multiperson/'] },
  { query: 'make a short clip', answers: ['/docs/features/video/'] },
  { query: 'generate many themed prompts at once', answers: ['/docs/api/themes/create/'] },
  { query: 'headshots for my team', answers: ['/docs/use-cases/ai-photoshoot/'] },
  { query: 'replace the background behind a product', answers: ['/docs/use-cases/product-shots/'] },
  { query: 'what styles can I choose', answers: ['/docs/features/styles/'] },
  { query: 'rate limits', answers: ['/docs/api/overview/'] },
  { query: 'should I train with sdxl or flux', answers: ['/docs/use-cases/finetuning-guide/', '/docs/use-cases/faq/'] },
  { query: 'enlarge an image without losing quality', answers: ['/docs/use-cases/upscale/', '/docs/features/tiled-upscale/'] },
  { query: 'redesign my living room from a photo', answers: ['/docs/use-cases/room-redesign/'] },
];
