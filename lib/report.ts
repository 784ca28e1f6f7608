// What a build prints: warnings, a per-stage timing table, or the errors that stopped it.
import { BuildError, BuildFailure, formatProblem } from './diagnostics.ts';
import type { BuildResult } from './pipeline.ts';

export function printSummary(result: BuildResult, totalMs: number): void {
  for (const warning of result.warnings) console.warn(`warning: ${formatProblem(warning, warning.message)}`);
  const rows = result.timings.map((t) => `  ${t.stage.padEnd(10)} ${t.ms.toFixed(0).padStart(6)} ms`);
  console.log(`Built ${result.pages} pages (${result.files} files) in ${totalMs.toFixed(0)} ms` +
    `${result.warnings.length ? ` with ${result.warnings.length} warning(s)` : ''}.\n${rows.join('\n')}`);
  const { search } = result;
  console.log(`Search index: ${search.sections} sections, ${(search.bytes / 1024).toFixed(0)} KB in ${search.files} file${search.files === 1 ? '' : 's'}.`);
}

/** Prints a build failure; returns true when it was a known content problem (not a crash). */
export function printFailure(error: unknown): boolean {
  if (error instanceof BuildFailure || error instanceof BuildError) {
    console.error(`Build failed; the previous output folder was left untouched.\n${error.message}`);
    return true;
  }
  console.error('Build crashed; the previous output folder was left untouched.');
  console.error(error);
  return false;
}
