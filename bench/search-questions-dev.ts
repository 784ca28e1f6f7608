// Development questions for the search ranking: written from each page's purpose, in a reader's
// everyday words, before their ranking was looked at, by the author of the ranking changes that
// followed them. They give signal while the ranking is worked on without tuning it to the held-out
// and fresh sets (which measure how it does on questions nobody shaped it by). `npm run
// bench:search` prints them; no test holds a floor on them.
import type { RelevanceQuestion } from './search-questions.ts';

export const DEV_QUESTIONS: RelevanceQuestion[] = [
  // What is new.
  { query: 'release notes', answers: ['/docs/changes/'] },
  { query: 'has anything been deprecated', answers: ['/docs/changes/'] },
  { query: 'history of api updates', answers: ['/docs/changes/'] },
  // The API's shared rules.
  { query: 'how do I pass my token', answers: ['/docs/api/overview/'] },
  { query: 'my request returned 401', answers: ['/docs/api/overview/'] },
  { query: 'retry safely without creating duplicates', answers: ['/docs/api/overview/', '/docs/use-cases/faq/'] },
  { query: 'how long are generated images stored', answers: ['/docs/api/overview/', '/docs/use-cases/faq/'] },
  { query: 'send images as a multipart form', answers: ['/docs/api/overview/'] },
  { query: 'add money to my account automatically', answers: ['/docs/api/overview/'] },
  { query: 'too many requests error', answers: ['/docs/api/overview/', '/docs/use-cases/faq/'] },
  { query: 'callbacks or polling, which is better', answers: ['/docs/use-cases/faq/', '/docs/api/overview/'] },
  { query: 'hello world example in python', answers: ['/docs/api/quickstart/'] },
  // Tunes.
  { query: 'when does a trained model expire', answers: ['/docs/api/tune/', '/docs/use-cases/faq/', '/docs/api/tune/retrieve/'] },
  { query: 'upload pictures to fine-tune', answers: ['/docs/api/tune/create/'] },
  { query: 'start training on my face', answers: ['/docs/api/tune/create/', '/docs/use-cases/ai-photoshoot/'] },
  { query: 'how far along is my model training', answers: ['/docs/api/tune/retrieve/'] },
  { query: 'show every model I have trained', answers: ['/docs/api/tune/list/'] },
  { query: 'remove my trained model and its photos', answers: ['/docs/api/tune/delete/'] },
  { query: 'can I download the weights of my model', answers: ['/docs/use-cases/faq/'] },
  // Prompts.
  { query: 'what does a generation request contain', answers: ['/docs/api/prompt/prompt/'] },
  { query: 'negative prompt to avoid things', answers: ['/docs/api/prompt/create/'] },
  { query: 'get the urls of my generated pictures', answers: ['/docs/api/prompt/retrieve/'] },
  { query: 'make a variation of an earlier generation', answers: ['/docs/api/prompt/duplicate/'] },
  { query: 'history of everything I generated', answers: ['/docs/api/prompt/list/'] },
  { query: 'delete pictures I made', answers: ['/docs/api/prompt/delete/'] },
  // Packs, likes, images, themes.
  { query: 'preset prompt templates for avatars', answers: ['/docs/api/pack/pack/', '/docs/api/pack/list/'] },
  { query: 'browse the public gallery of packs', answers: ['/docs/api/pack/list/'] },
  { query: 'how much does a pack cost', answers: ['/docs/api/pack/get/', '/docs/api/pack/pack/'] },
  { query: "train using a pack's settings", answers: ['/docs/api/pack/tunes/create/'] },
  { query: 'record that a user liked a picture', answers: ['/docs/api/like/create/'] },
  { query: 'collect user feedback on results', answers: ['/docs/api/like/create/'] },
  { query: 'take back a thumbs up', answers: ['/docs/api/like/delete/'] },
  { query: 'check a photo before training', answers: ['/docs/api/images/inspect/'] },
  { query: 'guess age and gender from a photo', answers: ['/docs/api/images/inspect/'] },
  { query: 'prompt ideas written automatically', answers: ['/docs/api/themes/create/'] },
  // Models and training.
  { query: 'train flux through the api', answers: ['/docs/api/flux-api/', '/docs/use-cases/flux-finetuning/'] },
  { query: 'sdxl lora with a text embedding', answers: ['/docs/api/sdxl-api/', '/docs/use-cases/sdxl-training/'] },
  { query: 'best preset for flux training', answers: ['/docs/use-cases/flux-finetuning/', '/docs/api/flux-api/'] },
  { query: 'what resolutions was sdxl trained on', answers: ['/docs/use-cases/sdxl-training/'] },
  { query: 'tips for choosing good training pictures', answers: ['/docs/use-cases/finetuning-guide/', '/docs/use-cases/faq/'] },
  { query: 'measure how much results resemble the person', answers: ['/docs/use-cases/finetuning-guide/'] },
  // Features.
  { query: 'new rendering engine', answers: ['/docs/features/backend-v1/'] },
  { query: 'faces look distorted when people are far away', answers: ['/docs/features/face-inpainting/'] },
  { query: 'make the output look more like the real person', answers: ['/docs/features/face-swap/', '/docs/use-cases/finetuning-guide/'] },
  { query: "keep someone's identity with flux from one picture", answers: ['/docs/features/faceid-flux/'] },
  { query: 'same face on sdxl from a few photos without fine-tuning', answers: ['/docs/features/faceid/'] },
  { query: 'quick preview in a handful of steps', answers: ['/docs/features/lcm/'] },
  { query: 'how strong should a lora be', answers: ['/docs/features/lora/'] },
  { query: 'family portrait with everyone trained separately', answers: ['/docs/features/multiperson/'] },
  { query: 'zoom out of a photo', answers: ['/docs/features/outpainting/'] },
  { query: 'make a mask without drawing it', answers: ['/docs/features/prompt-masking/'] },
  { query: 'neon cyberpunk look', answers: ['/docs/features/styles/'] },
  { query: 'remove blur and add fine detail', answers: ['/docs/features/tiled-upscale/', '/docs/use-cases/upscale/'] },
  { query: 'how long can a video be', answers: ['/docs/features/video/'] },
  { query: 'turn text into a video clip', answers: ['/docs/features/video/'] },
  // Use cases.
  { query: 'corporate headshots app', answers: ['/docs/use-cases/ai-photoshoot/'] },
  { query: 'copy the pose from a reference picture', answers: ['/docs/use-cases/controlnet/'] },
  { query: 'guide the generation with edges or depth', answers: ['/docs/use-cases/controlnet/'] },
  { query: 'edit just one area of a photo', answers: ['/docs/use-cases/inpainting-and-masking/', '/docs/features/prompt-masking/'] },
  { query: 'show how a dress looks on someone', answers: ['/docs/use-cases/virtual-try-on/'] },
  { query: 'packshot on a nicer background for ads', answers: ['/docs/use-cases/product-shots/'] },
  { query: 'animated movie version of my cat', answers: ['/docs/use-cases/toonify/'] },
  { query: 'is the service free', answers: ['/docs/use-cases/faq/'] },
  { query: 'put my real face in a new scene without training', answers: ['/docs/use-cases/masked-portraits/', '/docs/features/faceid/', '/docs/features/faceid-flux/'] },
  { query: 'renovate my kitchen with ai', answers: ['/docs/use-cases/room-redesign/'] },
  { query: 'increase the size of an old photo', answers: ['/docs/use-cases/upscale/', '/docs/features/tiled-upscale/'] },
];
