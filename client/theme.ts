// Colour mode: the toggle switches light/dark, stores the choice and updates its own name.
// The head script has already applied the stored mode before first paint.
import { STORAGE_KEYS, type ColorMode } from '../common/constants.ts';
import { TEXTS } from '../common/texts.ts';

function currentMode(): ColorMode {
  return document.documentElement.getAttribute('data-theme') === 'dark' ? 'dark' : 'light';
}

function label(button: Element, mode: ColorMode): void {
  const text = TEXTS.colorModeToggle(mode);
  button.setAttribute('aria-label', text);
  button.setAttribute('title', text);
}

export function applyMode(mode: ColorMode): void {
  document.documentElement.setAttribute('data-theme', mode);
  for (const button of document.querySelectorAll('[data-color-mode-toggle]')) label(button, mode);
}

export function init(root: ParentNode = document): () => void {
  const buttons = [...root.querySelectorAll<HTMLButtonElement>('[data-color-mode-toggle]')];
  const onClick = () => {
    const next: ColorMode = currentMode() === 'dark' ? 'light' : 'dark';
    try {
      localStorage.setItem(STORAGE_KEYS.theme, next);
    } catch {
      // Storage can be disabled; the mode still applies to this page.
    }
    applyMode(next);
  };
  for (const button of buttons) {
    label(button, currentMode());
    button.addEventListener('click', onClick);
  }
  return () => {
    for (const button of buttons) button.removeEventListener('click', onClick);
  };
}
