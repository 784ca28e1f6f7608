// An author's edit under `npm start`, on screen without a page load: the dev server's script
// (lib/dev/live-reload.ts) hands the rebuilt page on screen over as an event; taking it (cancelling
// the event) tells that script the page is swapped in, so it does not reload. In a published site
// nobody sends the event.
import { LIVE_SWAP_EVENT } from '../common/constants.ts';

export function init(swapIn: (next: Document) => void): void {
  document.addEventListener(LIVE_SWAP_EVENT, (event) => {
    swapIn((event as CustomEvent<Document>).detail);
    event.preventDefault();
  });
}
