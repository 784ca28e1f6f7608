// Fresh questions for the search, written by a helper session asked only to write questions: it
// read the pages (content/docs/**, content/api) and the fact brief, and did NOT read the ranking
// code (client/search/*, lib/assets/search/*), the synonym list (content/search-synonyms.yml) or the
// other question sets (bench/search-questions.ts, bench/search-questions-held-out.ts, of which only
// the type and export shape were copied), and never ran the search. The questions are phrased as
// readers type them (short keywords and whole questions, in their own words rather than the pages'
// titles); each lists every page that truly answers it. They measure the search on questions it was
// not shaped by: do not tune the ranking, the synonyms or the pages to them. If the search gets one
// wrong, fix the cause in general and leave this set as it is.
import type { RelevanceQuestion } from './search-questions.ts';

export const FRESH_QUESTIONS: RelevanceQuestion[] = [
  // Integration: requests, errors, reliability.
  { query: 'webhook retries', answers: ['/docs/api/overview/', '/docs/use-cases/faq/'] },
  { query: 'test my callback handler on localhost', answers: ['/docs/api/overview/'] },
  { query: 'Authorization header format', answers: ['/docs/api/overview/'] },
  { query: '429 too many requests', answers: ['/docs/api/overview/'] },
  { query: '504 gateway timeout did my request go through', answers: ['/docs/api/overview/'] },
  { query: 'avoid being charged twice when I retry a request', answers: ['/docs/api/overview/', '/docs/use-cases/faq/', '/docs/api/prompt/create/'] },
  { query: 'upload photos from disk with multipart form data', answers: ['/docs/api/overview/', '/docs/api/tune/create/'] },
  { query: 'loop over all my tunes page by page', answers: ['/docs/api/tune/list/', '/docs/api/overview/'] },
  { query: 'can I try the api for free', answers: ['/docs/api/overview/', '/docs/api/quickstart/', '/docs/use-cases/faq/'] },
  { query: 'generate an image without training anything', answers: ['/docs/api/quickstart/'] },
  { query: 'auto recharge balance', answers: ['/docs/api/overview/'] },
  { query: 'bill prompts to a shared team workspace', answers: ['/docs/api/overview/', '/docs/api/prompt/create/'] },
  { query: 'what does ohwx mean', answers: ['/docs/api/tune/', '/docs/api/quickstart/'] },
  { query: 'tune response fields eta expires_at', answers: ['/docs/api/tune/'] },

  // Tunes and prompts.
  { query: 'delete a tune', answers: ['/docs/api/tune/delete/'] },
  { query: 'how long does training take', answers: ['/docs/use-cases/faq/', '/docs/api/tune/'] },
  { query: 'can I use my own face photos', answers: ['/docs/use-cases/ai-photoshoot/', '/docs/use-cases/finetuning-guide/', '/docs/api/tune/create/'] },
  { query: 'how many pictures do I need to train', answers: ['/docs/use-cases/faq/', '/docs/use-cases/finetuning-guide/', '/docs/use-cases/ai-photoshoot/'] },
  { query: 'download the trained model weights', answers: ['/docs/use-cases/faq/', '/docs/api/tune/', '/docs/api/flux-api/'] },
  { query: 'stop my model being deleted after a month', answers: ['/docs/use-cases/faq/', '/docs/api/overview/', '/docs/api/tune/create/'] },
  { query: 'how long do you keep my photos', answers: ['/docs/api/overview/', '/docs/use-cases/faq/', '/docs/api/tune/'] },
  { query: 'erase one generated result', answers: ['/docs/api/prompt/delete/'] },
  { query: 'same prompt again with a different seed', answers: ['/docs/api/prompt/duplicate/'] },
  { query: "can't find the prompts I made with my lora", answers: ['/docs/api/prompt/list/', '/docs/use-cases/faq/'] },
  { query: 'which flux training preset should I pick', answers: ['/docs/use-cases/flux-finetuning/', '/docs/api/flux-api/'] },
  { query: 'negative prompt ignored on flux', answers: ['/docs/api/flux-api/', '/docs/use-cases/flux-finetuning/', '/docs/api/prompt/create/'] },
  { query: 'sdxl output resolutions', answers: ['/docs/api/sdxl-api/', '/docs/use-cases/sdxl-training/'] },
  { query: 'remove the background from generated images', answers: ['/docs/api/prompt/create/', '/docs/changes/'] },

  // Quality and likeness.
  { query: 'why is my image blurry', answers: ['/docs/features/tiled-upscale/', '/docs/use-cases/faq/'] },
  { query: "results don't look like me", answers: ['/docs/use-cases/faq/', '/docs/use-cases/finetuning-guide/'] },
  { query: 'faces look wrong in full body shots', answers: ['/docs/features/face-inpainting/', '/docs/use-cases/faq/'] },
  { query: 'use the training photos to make faces more similar', answers: ['/docs/features/face-swap/'] },
  { query: 'warn users about sunglasses in their uploads', answers: ['/docs/api/images/inspect/', '/docs/use-cases/finetuning-guide/'] },
  { query: 'fill in eye colour in the prompt automatically', answers: ['/docs/api/images/inspect/', '/docs/api/tune/create/', '/docs/api/overview/'] },
  { query: 'quicker generation with fewer steps', answers: ['/docs/features/lcm/'] },
  { query: 'lora weight value', answers: ['/docs/features/lora/'] },
  { query: 'stack several loras in one prompt', answers: ['/docs/features/lora/', '/docs/features/multiperson/'] },
  { query: 'opt in to the new generation pipeline', answers: ['/docs/features/backend-v1/'] },
  { query: 'comic look without writing long prompts', answers: ['/docs/features/styles/'] },

  // What can I make.
  { query: 'me and my wife in one photo', answers: ['/docs/features/multiperson/', '/docs/use-cases/faq/'] },
  { query: 'only have one picture of the person, no training', answers: ['/docs/features/faceid-flux/', '/docs/features/faceid/', '/docs/use-cases/masked-portraits/'] },
  { query: 'turn my dog photo into a cartoon', answers: ['/docs/use-cases/toonify/'] },
  { query: 'put my clothing item on a model', answers: ['/docs/use-cases/virtual-try-on/'] },
  { query: 'copy the pose from a reference photo', answers: ['/docs/use-cases/controlnet/'] },
  { query: 'change just one part of a picture', answers: ['/docs/use-cases/inpainting-and-masking/', '/docs/api/prompt/create/'] },
  { query: 'mask from words instead of drawing one', answers: ['/docs/features/prompt-masking/', '/docs/use-cases/inpainting-and-masking/'] },
  { query: 'make the picture wider', answers: ['/docs/features/outpainting/'] },
  { query: 'furnish an empty room', answers: ['/docs/use-cases/room-redesign/'] },
  { query: 'perfume bottle in a nice scene for ads', answers: ['/docs/use-cases/product-shots/'] },
  { query: 'animate an image I already generated', answers: ['/docs/api/prompt/duplicate/', '/docs/features/video/'] },
  { query: 'talking avatar from an audio file', answers: ['/docs/features/video/'] },
  { query: 'how many seconds can a video be', answers: ['/docs/features/video/'] },

  // Packs, likes, themes, news.
  { query: 'thumbs up a result', answers: ['/docs/api/like/create/'] },
  { query: 'which pack prompts do users like best', answers: ['/docs/api/like/create/', '/docs/api/pack/pack/'] },
  { query: 'browse the public packs', answers: ['/docs/api/pack/list/'] },
  { query: 'get one pack by id', answers: ['/docs/api/pack/get/'] },
  { query: 'order a headshot pack for a customer', answers: ['/docs/api/pack/tunes/create/'] },
  { query: 'callback when all pack images are done', answers: ['/docs/api/pack/tunes/create/', '/docs/api/overview/'] },
  { query: 'let an llm write prompt ideas', answers: ['/docs/api/themes/create/'] },
  { query: 'changelog', answers: ['/docs/changes/'] },
];
