/*
 * A third fresh set of search questions for the documentation site, kept apart from the questions
 * the ranking was developed on, so that it measures how the search does on questions nobody shaped
 * it for.
 *
 * How it was written: blind to the search. The author read only the site's pages (content/, minus
 * the synonym list) and the fact brief, and none of the search code, the synonym list, the other
 * question sets or any ranking output; the search was never run on these questions. The queries
 * imitate different readers in their own words: someone new to the API, someone debugging an
 * integration, a product manager weighing features, a non-native English speaker and a hurried
 * person typing a few words. Some carry typos, other word forms or words the pages never use.
 * Each question lists every page that answers it (checked by reading the page), so any of them
 * counts as a right answer.
 *
 * Do not tune the ranking, the synonyms, page keywords or page text to these questions: once they
 * are tuned for, they stop measuring anything. Write a new blind set instead.
 */
import type { RelevanceQuestion } from './search-questions.ts';

export const FRESH3_QUESTIONS: RelevanceQuestion[] = [
  // Developer new to the API: getting started, keys, requests.
  { query: 'where do i find my api key', answers: ['/docs/api/overview/', '/docs/api/quickstart/'] },
  { query: 'what header does the api key go in', answers: ['/docs/api/overview/', '/markdown-page/'] },
  { query: 'openapi file to generate a client sdk', answers: ['/docs/api/overview/'] },
  {
    query: 'training fails with image links on my private server',
    answers: ['/docs/api/quickstart/', '/docs/api/flux-api/'],
  },
  {
    query: 'what does ohwx mean in prompts',
    answers: [
      '/docs/api/tune/create/',
      '/docs/api/tune/',
      '/docs/use-cases/flux-finetuning/',
      '/docs/use-cases/sdxl-training/',
      '/docs/api/flux-api/',
      '/docs/api/sdxl-api/',
      '/docs/use-cases/finetuning-guide/',
    ],
  },
  {
    query: 'train flux on my face via api',
    answers: ['/docs/api/flux-api/', '/docs/use-cases/flux-finetuning/', '/docs/use-cases/ai-photoshoot/'],
  },
  {
    query: 'best width and height for sdxl',
    answers: ['/docs/use-cases/sdxl-training/', '/docs/api/sdxl-api/', '/docs/api/prompt/create/'],
  },
  {
    query: 'how do i know if my imges are ready',
    answers: [
      '/docs/api/prompt/retrieve/',
      '/docs/api/prompt/prompt/',
      '/docs/api/overview/',
      '/docs/api/quickstart/',
      '/docs/use-cases/faq/',
    ],
  },
  {
    query: 'same prompt again but a different result',
    answers: ['/docs/api/prompt/duplicate/', '/docs/api/prompt/create/', '/docs/api/overview/'],
  },
  {
    query: 'max page size when listing my models',
    answers: ['/docs/api/overview/', '/docs/api/tune/list/', '/docs/api/prompt/list/'],
  },

  // Developer debugging an integration.
  { query: 'getting 429 errrors', answers: ['/docs/api/overview/', '/docs/use-cases/faq/'] },
  {
    query: '504 timeout uploading big photos',
    answers: [
      '/docs/api/tune/create/',
      '/docs/api/overview/',
      '/docs/api/pack/tunes/create/',
      '/docs/use-cases/faq/',
    ],
  },
  {
    query: 'stop duplicate tunes when my request is retried',
    answers: [
      '/docs/api/overview/',
      '/docs/api/tune/create/',
      '/docs/use-cases/faq/',
      '/docs/api/pack/tunes/create/',
    ],
  },
  {
    query: 'my webhok never fired after training finished',
    answers: [
      '/docs/api/overview/',
      '/docs/api/tune/retrieve/',
      '/docs/use-cases/faq/',
      '/docs/api/tune/create/',
      '/docs/use-cases/ai-photoshoot/',
    ],
  },
  {
    query: 'prompt on my own lora id does not show the person',
    answers: [
      '/docs/use-cases/flux-finetuning/',
      '/docs/api/flux-api/',
      '/docs/api/prompt/create/',
      '/docs/api/tune/create/',
      '/docs/api/quickstart/',
      '/docs/api/tune/',
      '/docs/api/prompt/prompt/',
    ],
  },
  {
    query: 'flux ignoring my negative prompt',
    answers: ['/docs/api/flux-api/', '/docs/use-cases/flux-finetuning/', '/docs/api/prompt/create/'],
  },
  {
    query: 'theme call gives 201 but no prompts back',
    answers: ['/docs/api/themes/create/', '/docs/api/prompt/list/'],
  },
  {
    query: 'tiled upscale v2 not working',
    answers: ['/docs/features/tiled-upscale/', '/docs/features/backend-v1/', '/docs/api/prompt/create/'],
  },
  {
    query: 'controlnet does nothing on sdxl',
    answers: ['/docs/use-cases/controlnet/', '/docs/use-cases/room-redesign/'],
  },
  {
    query: 'is --video_model in the text deprecated',
    answers: [
      '/docs/features/video/',
      '/docs/changes/',
      '/docs/api/prompt/create/',
      '/docs/api/prompt/duplicate/',
    ],
  },

  // Product manager evaluating features and costs.
  {
    query: 'can we try the api for free before buying credits',
    answers: [
      '/docs/api/quickstart/',
      '/docs/api/overview/',
      '/docs/use-cases/faq/',
      '/docs/api/flux-api/',
      '/docs/api/sdxl-api/',
      '/docs/api/tune/',
      '/docs/api/tune/create/',
      '/docs/',
    ],
  },
  {
    query: 'do we need a separate subscription for the api',
    answers: ['/docs/api/overview/', '/docs/use-cases/faq/'],
  },
  {
    query: 'refill balance automatically so production does not stop',
    answers: ['/docs/api/overview/', '/docs/use-cases/faq/', '/docs/api/quickstart/'],
  },
  { query: 'is virtual try-on charged extra', answers: ['/docs/use-cases/virtual-try-on/', '/docs/use-cases/faq/'] },
  {
    query: 'stop my models from expiring after a month',
    answers: [
      '/docs/use-cases/faq/',
      '/docs/api/overview/',
      '/docs/api/tune/create/',
      '/docs/api/tune/',
      '/docs/changes/',
      '/docs/api/flux-api/',
    ],
  },
  {
    query: 'customer wants all their photos erased gdpr',
    answers: [
      '/docs/api/tune/delete/',
      '/docs/api/prompt/delete/',
      '/docs/use-cases/faq/',
      '/docs/api/overview/',
    ],
  },
  {
    query: 'ready-made photo bundles so we do not hardcode prompts',
    answers: [
      '/docs/api/pack/pack/',
      '/docs/api/pack/tunes/create/',
      '/docs/api/tune/create/',
      '/docs/api/flux-api/',
      '/docs/api/quickstart/',
    ],
  },
  {
    query: 'how much a pack costs for a woman',
    answers: ['/docs/api/pack/get/', '/docs/api/pack/pack/', '/docs/api/pack/list/'],
  },
  {
    query: 'pictures of someone from one selfie without training',
    answers: [
      '/docs/features/faceid/',
      '/docs/features/faceid-flux/',
      '/docs/use-cases/masked-portraits/',
      '/docs/use-cases/faq/',
    ],
  },
  {
    query: 'photo of me and my wife together, both trained',
    answers: ['/docs/features/multiperson/', '/docs/use-cases/faq/', '/docs/api/flux-api/'],
  },
  {
    query: 'put my shoe photo in a lifestyle scene for my shop',
    answers: ['/docs/use-cases/product-shots/', '/docs/features/prompt-masking/'],
  },
  { query: 'virtual staging of an empty apartment', answers: ['/docs/use-cases/room-redesign/'] },
  {
    query: 'show my dress on a model without a photoshoot',
    answers: ['/docs/use-cases/virtual-try-on/', '/docs/features/faceid-flux/'],
  },
  {
    query: 'let gpt write prompts for me',
    answers: ['/docs/api/themes/create/', '/docs/use-cases/flux-finetuning/', '/docs/changes/'],
  },
  {
    query: 'compare two prompt versions with real users',
    answers: ['/docs/api/like/create/', '/docs/api/pack/pack/'],
  },

  // Non-native English speaker.
  {
    query: 'how I see if the training is finish',
    answers: [
      '/docs/api/tune/retrieve/',
      '/docs/api/tune/',
      '/docs/api/overview/',
      '/docs/use-cases/faq/',
      '/docs/api/quickstart/',
    ],
  },
  {
    query: 'how to make bigger my old photo with more detail',
    answers: ['/docs/use-cases/upscale/', '/docs/api/prompt/create/'],
  },
  {
    query: 'results dont look like me',
    answers: [
      '/docs/use-cases/faq/',
      '/docs/use-cases/finetuning-guide/',
      '/docs/use-cases/ai-photoshoot/',
      '/docs/features/face-swap/',
    ],
  },
  {
    query: 'face is blurry when the person stand far away in picture',
    answers: [
      '/docs/features/face-inpainting/',
      '/docs/use-cases/ai-photoshoot/',
      '/docs/use-cases/finetuning-guide/',
      '/docs/api/flux-api/',
      '/docs/api/prompt/create/',
      '/docs/use-cases/faq/',
    ],
  },
  {
    query: 'put the persons hair colour into pack prompts automatically',
    answers: [
      '/docs/api/images/inspect/',
      '/docs/api/pack/tunes/create/',
      '/docs/api/tune/create/',
      '/docs/api/pack/pack/',
      '/docs/api/overview/',
    ],
  },
  {
    query: 'in the mask is white the part that changes',
    answers: [
      '/docs/api/prompt/create/',
      '/docs/use-cases/inpainting-and-masking/',
      '/docs/features/prompt-masking/',
    ],
  },
  {
    query: 'make my character do the dance from a reference clip',
    answers: ['/docs/features/video/', '/docs/changes/'],
  },

  // Hurried reader typing a few words.
  {
    query: 'number of training pics',
    answers: [
      '/docs/use-cases/faq/',
      '/docs/use-cases/finetuning-guide/',
      '/docs/use-cases/ai-photoshoot/',
      '/docs/use-cases/flux-finetuning/',
      '/docs/api/flux-api/',
      '/docs/use-cases/sdxl-training/',
      '/docs/api/quickstart/',
    ],
  },
  {
    query: 'training time estimate',
    answers: ['/docs/use-cases/faq/', '/docs/api/quickstart/', '/docs/api/tune/retrieve/', '/docs/api/tune/'],
  },
  {
    query: 'selfies with sunglasses or blur check',
    answers: ['/docs/api/images/inspect/', '/docs/use-cases/finetuning-guide/'],
  },
  {
    query: 'speed up generation',
    answers: ['/docs/features/lcm/', '/docs/api/prompt/create/', '/docs/features/backend-v1/'],
  },
  { query: 'waxy plastic skin after upscalling', answers: ['/docs/features/tiled-upscale/'] },
  { query: 'strip background off output', answers: ['/docs/api/prompt/create/', '/docs/changes/'] },
  { query: 'comic or neon look presets', answers: ['/docs/features/styles/'] },
  { query: 'make images darker with more contrast', answers: ['/docs/features/lora/'] },
  {
    query: 'hard edge halo after inpaiting',
    answers: [
      '/docs/features/prompt-masking/',
      '/docs/use-cases/masked-portraits/',
      '/docs/use-cases/inpainting-and-masking/',
      '/docs/api/prompt/create/',
      '/docs/use-cases/product-shots/',
    ],
  },
  { query: 'square portrait wider more background sides', answers: ['/docs/features/outpainting/'] },
  { query: 'copy pose from another photo', answers: ['/docs/use-cases/controlnet/', '/docs/api/prompt/create/'] },
  { query: 'kid picture to pixar cartoon', answers: ['/docs/use-cases/toonify/'] },
  { query: 'clip from generated image', answers: ['/docs/features/video/', '/docs/api/prompt/duplicate/'] },
  { query: 'lip sync avatar voice recording', answers: ['/docs/features/video/', '/docs/changes/'] },
  {
    query: 'one notification when all pack images done',
    answers: ['/docs/api/pack/tunes/create/', '/docs/api/overview/', '/docs/api/prompt/list/', '/docs/changes/'],
  },
  { query: 'user unfavorites image', answers: ['/docs/api/like/delete/'] },
  { query: 'what got added recently', answers: ['/docs/changes/'] },
  { query: 'found a mistake in the docs where to tell', answers: ['/markdown-page/'] },
];
