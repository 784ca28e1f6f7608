// Zoomable markdown images (medium-zoom), with an overlay that follows the colour mode. Attached
// on load and again 1000 ms after each route change, as the specification asks.
import mediumZoom, { type Zoom } from 'medium-zoom';
import { ZOOM_REATTACH_DELAY_MS } from '../common/constants.ts';

const SELECTOR = '.markdown img';
let zoom: Zoom | undefined;

function background(): string {
  return getComputedStyle(document.documentElement).getPropertyValue('--zoom-overlay-bg').trim() ||
    (document.documentElement.getAttribute('data-theme') === 'dark' ? 'rgb(50, 50, 50)' : 'rgb(255, 255, 255)');
}

function attach(): void {
  zoom?.detach();
  // The overlay colour is read when a zoom opens, not at start-up: reading computed styles while
  // the page loads would force a layout before the first paint.
  const current = mediumZoom(SELECTOR, { margin: 24 });
  current.on('open', () => current.update({ background: background() }));
  zoom = current;
}

/** Global: watches the colour mode for the overlay background. */
export function init(): () => void {
  attach();
  const observer = new MutationObserver(() => {
    if (document.querySelector('.medium-zoom-overlay')) zoom?.update({ background: background() });
  });
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => {
    observer.disconnect();
    zoom?.detach();
  };
}

/** After a client-side navigation. */
export function reattachLater(): void {
  window.setTimeout(attach, ZOOM_REATTACH_DELAY_MS);
}
