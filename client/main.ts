// The browser script: each behaviour is a module with init(root) that returns its clean-up.
import { init as initTheme } from './theme.ts';

function start(): void {
  initTheme(document);
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
