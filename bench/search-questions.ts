// The relevance set of the search: questions a reader of the real site would type, written from
// what each page is for (its purpose, its readers' problems), not from its title, each with the
// pages that answer it. The first six are the ones the issue reports. `npm run bench:search`
// prints how well the search answers them; test/unit/search-relevance.test.ts holds a floor.

export interface RelevanceQuestion {
  query: string;
  /** Routes of the pages that answer the question (any of them counts as the right answer). */
  answers: string[];
}

export const RELEVANCE_QUESTIONS: RelevanceQuestion[] = [
  // Reported in the issue.
  { query: 'delete my tune', answers: ['/docs/api/tune/delete/'] },
  { query: 'what changed recently', answers: ['/docs/changes/'] },
  { query: 'check if my images are ready', answers: ['/docs/api/prompt/retrieve/', '/docs/api/tune/retrieve/', '/docs/api/overview/'] },
  { query: 'webhook when training is done', answers: ['/docs/api/tune/create/', '/docs/api/overview/'] },
  { query: 'extend the borders of an image', answers: ['/docs/features/outpainting/'] },
  { query: 'keep the face identity without training', answers: ['/docs/features/faceid/', '/docs/features/faceid-flux/', '/docs/use-cases/masked-portraits/'] },
  // Getting started and the API's shared rules.
  { query: 'how do I authenticate my requests', answers: ['/docs/api/overview/'] },
  { query: 'try the API without paying', answers: ['/docs/api/quickstart/', '/docs/api/overview/', '/docs/use-cases/faq/'] },
  { query: 'what to do when a request fails', answers: ['/docs/api/overview/', '/docs/use-cases/faq/'] },
  { query: 'avoid creating the same model twice', answers: ['/docs/api/overview/', '/docs/api/tune/create/', '/docs/use-cases/faq/'] },
  { query: 'how much does it cost', answers: ['/docs/use-cases/faq/', '/docs/api/overview/'] },
  { query: 'how long are my photos kept', answers: ['/docs/use-cases/faq/', '/docs/api/overview/'] },
  // Tunes, prompts and the other endpoints.
  { query: 'train a model on photos of my dog', answers: ['/docs/api/tune/create/', '/docs/use-cases/ai-photoshoot/', '/docs/use-cases/finetuning-guide/'] },
  { query: 'get all the models in my account', answers: ['/docs/api/tune/list/'] },
  { query: 'generate a picture from text', answers: ['/docs/api/prompt/create/', '/docs/api/quickstart/'] },
  { query: 'where do I download the generated images', answers: ['/docs/api/prompt/retrieve/', '/docs/use-cases/faq/'] },
  { query: 'run the same prompt again with a new seed', answers: ['/docs/api/prompt/duplicate/'] },
  { query: 'remove a generated picture', answers: ['/docs/api/prompt/delete/'] },
  { query: 'let users give a thumbs up to a result', answers: ['/docs/api/like/create/'] },
  { query: 'warn about bad training photos before upload', answers: ['/docs/api/images/inspect/'] },
  { query: 'let a language model write prompts for me', answers: ['/docs/api/themes/create/'] },
  { query: 'ready-made prompt collections for my users', answers: ['/docs/api/pack/pack/', '/docs/api/pack/list/'] },
  // Features.
  { query: 'use a lora in my prompt', answers: ['/docs/features/lora/'] },
  { query: 'turn my photo into a cartoon', answers: ['/docs/use-cases/toonify/'] },
  { query: 'make a video from an image', answers: ['/docs/features/video/'] },
  { query: 'generate in fewer steps to save time', answers: ['/docs/features/lcm/'] },
  { query: 'sharper face in full body shots', answers: ['/docs/features/face-inpainting/'] },
  { query: 'results do not look like the person', answers: ['/docs/use-cases/faq/', '/docs/use-cases/finetuning-guide/', '/docs/features/face-swap/'] },
  { query: 'two people in one photo', answers: ['/docs/features/multiperson/', '/docs/use-cases/faq/'] },
  { query: 'give my image a comic book look', answers: ['/docs/features/styles/'] },
  { query: 'mask the face automatically from words', answers: ['/docs/features/prompt-masking/', '/docs/use-cases/inpainting-and-masking/'] },
  { query: 'make my pictures larger with more detail', answers: ['/docs/use-cases/upscale/', '/docs/features/tiled-upscale/'] },
  { query: 'faster generation pipeline', answers: ['/docs/features/backend-v1/'] },
  // Use cases.
  { query: 'studio portraits from everyday photos of a person', answers: ['/docs/use-cases/ai-photoshoot/'] },
  { query: 'put my product in a new scene', answers: ['/docs/use-cases/product-shots/'] },
  { query: 'dress a person in a specific shirt', answers: ['/docs/use-cases/virtual-try-on/'] },
  { query: 'new furniture for a room photo', answers: ['/docs/use-cases/room-redesign/'] },
  { query: 'keep the pose of an input image', answers: ['/docs/use-cases/controlnet/'] },
  { query: 'repaint only part of an image', answers: ['/docs/use-cases/inpainting-and-masking/', '/docs/features/prompt-masking/'] },
  { query: 'which image sizes work best for sdxl', answers: ['/docs/use-cases/sdxl-training/', '/docs/api/sdxl-api/'] },
  { query: 'how many steps to train flux', answers: ['/docs/use-cases/flux-finetuning/', '/docs/api/flux-api/'] },  // A second round, written with the keywords, the synonyms and the later ranking rules: everyday
  // phrasings across every part of the site.
  { query: 'how long does training take', answers: ['/docs/use-cases/faq/'] },
  { query: 'get notified when my images are generated', answers: ['/docs/api/overview/', '/docs/api/prompt/create/'] },
  { query: 'next page of results', answers: ['/docs/api/overview/', '/docs/api/tune/list/', '/docs/api/prompt/list/'] },
  { query: 'what does error 422 mean', answers: ['/docs/api/overview/'] },
  { query: 'test without being charged', answers: ['/docs/api/overview/', '/docs/api/quickstart/', '/docs/use-cases/faq/'] },
  { query: 'my credits ran out', answers: ['/docs/api/overview/', '/docs/use-cases/faq/'] },
  { query: 'cancel a training', answers: ['/docs/api/tune/delete/'] },
  { query: 'erase all my data', answers: ['/docs/use-cases/faq/', '/docs/api/tune/delete/', '/docs/api/overview/'] },
  { query: 'animate a still picture', answers: ['/docs/features/video/', '/docs/api/prompt/duplicate/'] },
  { query: 'put two friends in the same image', answers: ['/docs/features/multiperson/'] },
  { query: 'change the clothes of a model photo', answers: ['/docs/use-cases/virtual-try-on/'] },
  { query: 'widen a picture to a landscape format', answers: ['/docs/features/outpainting/'] },
  { query: 'better skin texture and details', answers: ['/docs/features/tiled-upscale/', '/docs/use-cases/upscale/'] },
  { query: 'anime look for a portrait', answers: ['/docs/features/styles/', '/docs/use-cases/toonify/'] },
  { query: 'use my own photo as a starting point', answers: ['/docs/use-cases/controlnet/', '/docs/api/prompt/create/'] },
  { query: 'how many photos do I need to upload', answers: ['/docs/use-cases/faq/', '/docs/api/tune/create/', '/docs/use-cases/finetuning-guide/'] },
  { query: 'profile pictures for linkedin', answers: ['/docs/use-cases/ai-photoshoot/'] },
  { query: 'e-commerce photos of a bottle on a beach', answers: ['/docs/use-cases/product-shots/'] },
  { query: 'what is new in the api', answers: ['/docs/changes/'] },
  { query: 'send my first request with curl', answers: ['/docs/api/quickstart/', '/docs/api/overview/'] },
  { query: 'redo the same generation', answers: ['/docs/api/prompt/duplicate/'] },
  { query: 'get rid of a prompt', answers: ['/docs/api/prompt/delete/'] },
  { query: 'how to write a good prompt for flux', answers: ['/docs/api/flux-api/', '/docs/use-cases/flux-finetuning/'] },
  { query: 'detect if photos are blurry or have sunglasses', answers: ['/docs/api/images/inspect/'] },
  { query: 'what fields does a tune have', answers: ['/docs/api/tune/'] },
  { query: "see a prompt's status", answers: ['/docs/api/prompt/retrieve/', '/docs/api/prompt/'] },
  { query: 'sketch to interior render', answers: ['/docs/use-cases/room-redesign/'] },
  { query: 'remove the background', answers: ['/docs/use-cases/product-shots/', '/docs/features/prompt-masking/'] },
  { query: 'opt into the new faster pipeline', answers: ['/docs/features/backend-v1/'] },
  { query: 'combine a style lora with my subject', answers: ['/docs/features/lora/'] },
  { query: 'keep my face on a new outfit without training', answers: ['/docs/use-cases/masked-portraits/', '/docs/features/faceid/', '/docs/features/faceid-flux/'] },
  { query: 'faces do not look right in group shots', answers: ['/docs/features/face-inpainting/', '/docs/features/multiperson/', '/docs/features/face-swap/'] },
  { query: 'bundle of prompts users can pick from', answers: ['/docs/api/pack/pack/', '/docs/api/pack/list/'] },
  { query: 'higher resolution output', answers: ['/docs/use-cases/upscale/', '/docs/features/tiled-upscale/', '/docs/use-cases/faq/'] },
  { query: 'is there a sandbox', answers: ['/docs/api/overview/', '/docs/api/quickstart/'] },
  { query: 'which base model should I fine-tune', answers: ['/docs/use-cases/finetuning-guide/'] },
];

/** Queries a reader types when they know the words: they must keep ranking the page first. */
export const EXACT_QUERIES: RelevanceQuestion[] = [
  { query: 'outpaint', answers: ['/docs/features/outpainting/'] },
  { query: 'upscal', answers: ['/docs/use-cases/upscale/', '/docs/features/tiled-upscale/'] },
  { query: 'facid', answers: ['/docs/features/faceid/', '/docs/features/faceid-flux/'] },
  { query: 'lora', answers: ['/docs/features/lora/'] },
  { query: 'delete tune', answers: ['/docs/api/tune/delete/'] },
  { query: 'toonify', answers: ['/docs/use-cases/toonify/'] },
  { query: 'prompt masking', answers: ['/docs/features/prompt-masking/'] },
  { query: 'create a prompt', answers: ['/docs/api/prompt/create/'] },
];
