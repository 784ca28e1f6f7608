// Check, request samples: the limits that keep reading a sample linear in its size. Content is
// untrusted, so a sample nested deeper than any real one, or whose variables expand to far more
// values than it has tokens, is not read further: the sample is reported as not checked (a
// warning naming its line), never passed silently and never allowed to exhaust the stack or time.

/** Brackets and operators nested deeper than this stop the reading of a sample. */
export const MAX_NESTING = 100;

/**
 * The values a sample's requests may expand to (variables followed, fields validated, query
 * parameters collected), per token of the sample, plus a floor for small samples.
 */
export const WORK_PER_TOKEN = 8;
export const WORK_FLOOR = 10_000;

/** Thrown when a sample exceeds a limit; the parser turns it into a warning at `line`. */
export class SampleLimitError extends Error {
  constructor(readonly line: number, readonly reason: string) {
    super(reason);
  }
}
