// `npm run build`: a production build of the site into dist/, with a per-stage timing table. The
// generator root comes in as an argument, not from this file's place: `npm run build` runs this
// module from its prebuilt bundle (scripts/launch.mjs), which lives outside the project's folders.
import './render/production-env.ts';
import { readCli } from './cli.ts';
import { buildSite } from './pipeline.ts';
import { printFailure, printSummary } from './report.ts';

export async function runBuildCommand(root: string, args: readonly string[]): Promise<void> {
  const { siteDir, outDir } = readCli(root, args);
  const started = performance.now();
  try {
    const result = await buildSite({ root, siteDir, outDir });
    printSummary(result, performance.now() - started);
    // The most memory the process held at once, its threads included: what a large site needs of the machine.
    console.log(`Peak memory: ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB.`);
  } catch (error) {
    printFailure(error);
    process.exitCode = 1;
  }
}
