// Search index: the typed arrays the index is counted in (its words, terms and postings) grow as
// a site's words come.

/** An array twice as long (at least `length`), with the values of the given one. */
export function grown(values: Int32Array<ArrayBuffer>, length = values.length + 1): Int32Array<ArrayBuffer> {
  const bigger = new Int32Array(Math.max(length, values.length * 2));
  bigger.set(values);
  return bigger;
}
