/**
 * The navbar slot where the search box goes. Search is built by its own stage later; until then
 * the slot is an empty, invisible placeholder that keeps the navbar layout stable.
 */
export function SearchBox() {
  return <div className="navbar__search" data-search-slot="" />;
}
