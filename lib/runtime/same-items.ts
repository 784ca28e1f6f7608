// Runtime, `npm start`: what a save compares with the last build's, compared by identity.

/**
 * Two lists of the very same items in the same order: from one save to the next mostly the same
 * objects and strings, compared at next to nothing an item, where a look-up or a digest costs
 * hundreds of times more.
 */
export function sameItems<T>(last: readonly T[], now: readonly T[]): boolean {
  return last.length === now.length && now.every((item, index) => item === last[index]);
}
