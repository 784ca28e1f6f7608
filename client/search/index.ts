// The search module: loaded by client/search-loader.ts on the first focus of a search box, the
// first shortcut or a visit to the search page, so pages that never search do not pay for it.
export { mountBox } from './box.ts';
export { mountPage } from './page.ts';
