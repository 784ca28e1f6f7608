// A thin bar at the top of the viewport, shown only when a route change takes longer than 200 ms.
import { PROGRESS_BAR_DELAY_MS } from '../common/constants.ts';

export interface Progress {
  done(): void;
}

export function startProgress(): Progress {
  let bar: HTMLElement | undefined;
  let trickle = 0;
  const timer = window.setTimeout(() => {
    bar = document.createElement('div');
    bar.className = 'progress-bar';
    bar.setAttribute('role', 'progressbar');
    bar.setAttribute('aria-label', 'Loading page');
    bar.style.width = '10%';
    document.body.append(bar);
    let width = 10;
    trickle = window.setInterval(() => {
      width += (90 - width) * 0.1;
      if (bar) bar.style.width = `${width}%`;
    }, 200);
  }, PROGRESS_BAR_DELAY_MS);
  return {
    done() {
      window.clearTimeout(timer);
      window.clearInterval(trickle);
      const shown = bar;
      if (!shown) return;
      shown.style.width = '100%';
      window.setTimeout(() => shown.remove(), 200);
    },
  };
}
