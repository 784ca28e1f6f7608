// Development questions, third round: written from each page's purpose, before their ranking was
// looked at and before the keywords and synonyms of that round were written, in the voices of five
// kinds of reader (a developer new to the API, a developer debugging, a product manager weighing
// the features, a reader whose English is not native, a hurried typist of two or three words).
// Their words are the readers' own, not the pages': the point is the vocabulary gap between the
// two. `npm run bench:search` prints them; no test holds a floor on them.
import type { RelevanceQuestion } from './search-questions.ts';

const OVERVIEW = '/docs/api/overview/';
const FAQ = '/docs/use-cases/faq/';

export const DEV3_QUESTIONS: RelevanceQuestion[] = [
  // A developer new to the API.
  { query: 'where do I put my api key', answers: [OVERVIEW] },
  { query: 'base url of the api', answers: [OVERVIEW] },
  { query: 'my first api call', answers: ['/docs/api/quickstart/'] },
  { query: 'sample code in node', answers: ['/docs/api/quickstart/'] },
  { query: 'create a model from my photos', answers: ['/docs/api/tune/create/'] },
  { query: 'how do I get the images back', answers: ['/docs/api/prompt/retrieve/'] },
  { query: 'what fields does a tune have', answers: ['/docs/api/tune/'] },
  { query: 'try the api without paying', answers: [OVERVIEW, '/docs/api/quickstart/'] },
  { query: 'get notified when my pictures are ready', answers: [OVERVIEW, '/docs/api/prompt/create/', FAQ] },
  { query: 'list my generations', answers: ['/docs/api/prompt/list/'] },
  { query: 'get the next page of results', answers: [OVERVIEW, '/docs/api/tune/list/', '/docs/api/prompt/list/'] },
  // A developer debugging.
  { query: 'my training seems stuck', answers: ['/docs/api/tune/retrieve/', FAQ] },
  { query: 'request failed with 422', answers: [OVERVIEW] },
  { query: 'got rate limited', answers: [OVERVIEW, FAQ] },
  { query: 'generated images come out blurry', answers: ['/docs/features/tiled-upscale/', FAQ] },
  { query: "results don't look like the person", answers: ['/docs/use-cases/finetuning-guide/', '/docs/features/face-swap/', FAQ] },
  { query: 'faces deformed in full body shots', answers: ['/docs/features/face-inpainting/'] },
  { query: 'callback never arrived', answers: [OVERVIEW, FAQ] },
  { query: 'charged twice after a retry', answers: [OVERVIEW, FAQ] },
  { query: 'why was my photo rejected', answers: ['/docs/api/images/inspect/', FAQ] },
  { query: 'several loras not applied reliably', answers: ['/docs/features/backend-v1/', '/docs/features/lora/'] },
  // A product manager weighing the features.
  { query: 'can users rate the images', answers: ['/docs/api/like/create/'] },
  { query: 'which video models are supported', answers: ['/docs/features/video/'] },
  { query: 'does it support group photos', answers: ['/docs/features/multiperson/'] },
  { query: 'sell ready-made avatar themes', answers: ['/docs/api/pack/pack/', '/docs/api/pack/list/'] },
  { query: 'virtual fitting room', answers: ['/docs/use-cases/virtual-try-on/'] },
  { query: 'online store product photos', answers: ['/docs/use-cases/product-shots/'] },
  { query: 'turn pets into cartoons', answers: ['/docs/use-cases/toonify/'] },
  { query: 'how much does training cost', answers: [FAQ, OVERVIEW] },
  { query: 'is customer data deleted', answers: [FAQ, '/docs/api/tune/delete/', OVERVIEW] },
  { query: 'headshots for our employees', answers: ['/docs/use-cases/ai-photoshoot/'] },
  { query: 'artistic filters for photos', answers: ['/docs/features/styles/'] },
  // A reader whose English is not native.
  { query: 'how to make picture more big', answers: ['/docs/use-cases/upscale/', '/docs/features/tiled-upscale/'] },
  { query: 'i want remove my photos from server', answers: ['/docs/api/tune/delete/', '/docs/api/prompt/delete/', FAQ] },
  { query: 'how make video from picture', answers: ['/docs/features/video/', '/docs/api/prompt/duplicate/'] },
  { query: 'change background of product', answers: ['/docs/use-cases/product-shots/'] },
  { query: 'put other clothes on person', answers: ['/docs/use-cases/virtual-try-on/', '/docs/use-cases/masked-portraits/'] },
  { query: 'where see all my models', answers: ['/docs/api/tune/list/'] },
  { query: 'make photo like a drawing', answers: ['/docs/use-cases/toonify/', '/docs/features/styles/'] },
  { query: 'how many photo need for train', answers: ['/docs/use-cases/finetuning-guide/', FAQ, '/docs/api/tune/create/'] },
  { query: 'how to know training is finish', answers: ['/docs/api/tune/retrieve/', OVERVIEW, FAQ] },
  { query: 'generation is too slow', answers: ['/docs/features/backend-v1/', '/docs/features/lcm/'] },
  // A hurried typist.
  { query: 'api key', answers: [OVERVIEW] },
  { query: 'pics ready', answers: ['/docs/api/prompt/retrieve/'] },
  { query: 'del tune', answers: ['/docs/api/tune/delete/'] },
  { query: 'train pics', answers: ['/docs/api/tune/create/'] },
  { query: 'img2vid', answers: ['/docs/features/video/'] },
  { query: 'bg swap product', answers: ['/docs/use-cases/product-shots/'] },
  { query: 'hires fix', answers: ['/docs/features/backend-v1/'] },
  { query: 'fix faces', answers: ['/docs/features/face-inpainting/', '/docs/features/face-swap/'] },
  { query: 'unlike', answers: ['/docs/api/like/delete/'] },
  { query: 'auto mask', answers: ['/docs/features/prompt-masking/'] },
  { query: 'model expiry', answers: ['/docs/api/tune/', FAQ, '/docs/api/tune/retrieve/'] },
  { query: 'photo check', answers: ['/docs/api/images/inspect/'] },
  { query: 'gpt prompts', answers: ['/docs/api/themes/create/'] },
  { query: 'sdxl sizes', answers: ['/docs/use-cases/sdxl-training/'] },
  { query: 'flux steps', answers: ['/docs/use-cases/flux-finetuning/'] },
  { query: 'lora weight', answers: ['/docs/features/lora/'] },
  { query: 'new api features', answers: ['/docs/changes/'] },
  { query: 'room makeover', answers: ['/docs/use-cases/room-redesign/'] },
];
