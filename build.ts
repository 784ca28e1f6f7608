// `npm run build` run from the TypeScript sources (`node --import tsx build.ts`): the same command
// that `npm run build` runs from the generator's prebuilt bundle (scripts/launch.mjs).
import './lib/render/production-env.ts';
import { resolve } from 'node:path';
import { runBuildCommand } from './lib/build-command.ts';

await runBuildCommand(resolve(import.meta.dirname), process.argv.slice(2));
