import type { RelevanceQuestion } from './search-questions.ts';

/*
 * A second fresh set of search questions, kept apart from every set the ranking was developed with.
 *
 * How it was written: from the pages under content/docs/ and the writers' fact brief only, to learn
 * what each page is for. Its author did not look at the search code, the synonym list, the other
 * question sets or the relevance benchmark, and never ran a query against the search. The questions
 * are what a reader might type: developers wiring up the API and customers exploring features, in
 * their own words rather than the pages' titles, with short keyword queries, whole questions, a few
 * typos, other word forms and words the pages never use. `answers` lists every page that really
 * answers the question, so any of them near the top counts.
 *
 * Its value is that the ranking was never shaped by it: do not tune the search, its synonyms or its
 * weights against these questions. If a failure here points at a real weakness, fix the weakness in
 * general terms and test it with a question of your own, then write a new fresh set to measure again.
 */
export const FRESH2_QUESTIONS: RelevanceQuestion[] = [
  // The API's shared rules and getting started.
  { query: 'getting 429 errors', answers: ['/docs/api/overview/'] },
  { query: 'where is my api key', answers: ['/docs/api/overview/', '/docs/api/quickstart/'] },
  { query: 'first api call example with curl', answers: ['/docs/api/quickstart/', '/docs/api/overview/'] },
  { query: 'can I send json instead of form data', answers: ['/docs/api/overview/', '/docs/api/prompt/create/', '/docs/api/tune/create/'] },
  { query: 'how do I get the next page of results', answers: ['/docs/api/overview/', '/docs/api/tune/list/', '/docs/api/prompt/list/'] },
  { query: 'are webhooks retried if my server is down', answers: ['/docs/api/overview/', '/docs/use-cases/faq/'] },

  // Tunes.
  { query: 'how long does it take to train a model', answers: ['/docs/use-cases/faq/', '/docs/api/tune/retrieve/', '/docs/api/tune/'] },
  { query: 'training photos from links instead of uploading files', answers: ['/docs/api/tune/create/', '/docs/api/pack/tunes/create/', '/docs/api/flux-api/', '/docs/api/overview/', '/docs/api/quickstart/'] },
  { query: 'keep my model for more than a month', answers: ['/docs/use-cases/faq/', '/docs/api/overview/', '/docs/api/tune/create/', '/docs/api/tune/'] },
  { query: 'fill in eye colour in the prompt text automatically', answers: ['/docs/api/tune/create/', '/docs/api/images/inspect/', '/docs/api/pack/tunes/create/'] },

  // Prompts.
  { query: 'rerun a prompt with another seed', answers: ['/docs/api/prompt/duplicate/'] },
  { query: 'remove one generation and its pictures', answers: ['/docs/api/prompt/delete/'] },
  { query: 'list every prompt across my account', answers: ['/docs/api/prompt/list/'] },

  // Packs, likes, image inspection and themes.
  { query: 'show users the public packs', answers: ['/docs/api/pack/list/'] },
  { query: 'give my existing models the prompts of a pack without retraining', answers: ['/docs/api/pack/tunes/create/'] },
  { query: 'why bother with packs instead of hardcoding prompts', answers: ['/docs/api/pack/pack/'] },
  { query: 'thumbs up a generated image', answers: ['/docs/api/like/create/'] },
  { query: 'user changed their mind about liking a picture', answers: ['/docs/api/like/delete/'] },
  { query: 'check selfies are good enough before training', answers: ['/docs/api/images/inspect/', '/docs/use-cases/finetuning-guide/', '/docs/use-cases/faq/', '/docs/use-cases/ai-photoshoot/'] },
  { query: 'detect sunglasess in photos', answers: ['/docs/api/images/inspect/'] },
  { query: 'let AI write prompts for me', answers: ['/docs/api/themes/create/'] },

  // Model families.
  { query: 'train a flux lora through the api', answers: ['/docs/api/flux-api/', '/docs/use-cases/flux-finetuning/', '/docs/api/tune/create/'] },
  { query: 'download lora weights of my flux model', answers: ['/docs/api/flux-api/', '/docs/use-cases/faq/', '/docs/api/tune/'] },
  { query: 'best image sizes for sdxl', answers: ['/docs/use-cases/sdxl-training/', '/docs/api/sdxl-api/'] },
  { query: 'negative prompts not working on flux', answers: ['/docs/use-cases/flux-finetuning/', '/docs/api/flux-api/'] },

  // Features.
  { query: 'comic book look for my images', answers: ['/docs/features/styles/'] },
  { query: 'speed up generation with fewer steps', answers: ['/docs/features/lcm/'] },
  { query: 'faces come out blurry in full body shots', answers: ['/docs/features/face-inpainting/', '/docs/use-cases/finetuning-guide/', '/docs/use-cases/ai-photoshoot/'] },
  { query: 'generated pics dont look like me', answers: ['/docs/use-cases/faq/', '/docs/use-cases/finetuning-guide/', '/docs/use-cases/ai-photoshoot/', '/docs/features/face-swap/'] },
  { query: 'photo of me and my partner together, both trained', answers: ['/docs/features/multiperson/', '/docs/use-cases/faq/'] },
  { query: 'combining sevral loras', answers: ['/docs/features/lora/'] },
  { query: 'switch to the new rendering pipeline', answers: ['/docs/features/backend-v1/'] },
  { query: 'add skin detail when upscaling generated images', answers: ['/docs/features/tiled-upscale/'] },
  { query: 'make a video from a picture', answers: ['/docs/features/video/', '/docs/api/prompt/duplicate/', '/docs/api/prompt/create/'] },
  { query: 'mask from a text descripton', answers: ['/docs/features/prompt-masking/', '/docs/use-cases/inpainting-and-masking/'] },
  { query: 'same person from one photo on flux without training', answers: ['/docs/features/faceid-flux/'] },
  { query: 'turn a square picture into widescreen', answers: ['/docs/features/outpainting/'] },

  // Use cases.
  { query: 'new backgrounds for my online store product photos', answers: ['/docs/use-cases/product-shots/'] },
  { query: 'virtual fitting room', answers: ['/docs/use-cases/virtual-try-on/'] },
  { query: 'change the furniture in a photo of my living room', answers: ['/docs/use-cases/room-redesign/'] },
  { query: 'turn my dogs photo into a cartoon', answers: ['/docs/use-cases/toonify/'] },
  { query: 'copy the pose from another picture', answers: ['/docs/use-cases/controlnet/', '/docs/api/prompt/create/'] },
  { query: 'linkedin profile pictures from selfies', answers: ['/docs/use-cases/ai-photoshoot/'] },
  { query: 'how many pics do i need to train', answers: ['/docs/use-cases/faq/', '/docs/use-cases/ai-photoshoot/', '/docs/use-cases/finetuning-guide/'] },
  { query: 'edit just one area of a photo', answers: ['/docs/use-cases/inpainting-and-masking/', '/docs/api/prompt/create/'] },
  { query: 'enlarge an old low res photo', answers: ['/docs/use-cases/upscale/'] },
  { query: 'keep the real face but change clothes and scenery from one photo', answers: ['/docs/use-cases/masked-portraits/'] },

  // FAQ and changelog.
  { query: 'download ckpt for automatic1111', answers: ['/docs/use-cases/faq/', '/docs/api/tune/'] },
  { query: 'when was seedance 2 added', answers: ['/docs/changes/'] },
  { query: 'is prompt expansion deprecated', answers: ['/docs/changes/'] },
];
