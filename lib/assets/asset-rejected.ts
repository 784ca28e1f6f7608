// The error for a file that content or site.yml names but the site will not publish
// (lib/assets/asset-files.ts, lib/assets/image-check.ts, lib/assets/svg-check.ts).
import { BuildError } from '../diagnostics.ts';

/**
 * A file the site will not publish. `problem` completes a sentence about the path as written
 * ('Image "x" is a folder.'); the BuildError's own location is the file itself, for the rare
 * caller that cannot add a better one (a cached page of `npm start`).
 */
export class AssetRejected extends BuildError {
  readonly rejection: string;

  constructor(where: string, problem: string, hint: string) {
    super({ file: where }, `The file ${problem}`, hint);
    this.rejection = problem;
  }
}
