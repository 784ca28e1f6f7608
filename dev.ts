// `npm start` run from the TypeScript sources (`node --import tsx dev.ts`, as the tests run it): the
// same server that `npm start` runs from the generator's prebuilt bundle (scripts/launch.mjs), with
// the build worker started from its source.
import './lib/render/production-env.ts';
import { resolve } from 'node:path';
import { startDevServer } from './lib/dev/server.ts';

const root = resolve(import.meta.dirname);
await startDevServer(root, process.argv.slice(2), async () => resolve(root, 'lib/dev/build-worker.ts'));
