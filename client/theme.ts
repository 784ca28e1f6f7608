// Colour mode: the toggle switches light/dark, stores the choice and names the mode in force.
// The head script has already applied the stored mode before first paint; other tabs follow
// through the storage event, without a reload.
import { STORAGE_KEYS, type ColorMode } from '../common/constants.ts';
import { TEXTS } from '../common/texts.ts';
import { storage } from './storage.ts';

export function currentMode(): ColorMode {
  return document.documentElement.getAttribute('data-theme') === 'dark' ? 'dark' : 'light';
}

function applyMode(mode: ColorMode): void {
  document.documentElement.setAttribute('data-theme', mode);
  for (const button of document.querySelectorAll('[data-color-mode-toggle]')) {
    const text = TEXTS.colorModeToggle(mode);
    button.setAttribute('aria-label', text);
    button.setAttribute('title', text);
  }
}

/** Global: the toggle lives in the navbar, which navigation keeps. */
export function init(): () => void {
  const onClick = (event: Event) => {
    if (!(event.target instanceof Element) || !event.target.closest('[data-color-mode-toggle]')) return;
    const next: ColorMode = currentMode() === 'dark' ? 'light' : 'dark';
    storage.set(STORAGE_KEYS.theme, next);
    applyMode(next);
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.theme && (event.newValue === 'dark' || event.newValue === 'light')) applyMode(event.newValue);
  };
  applyMode(currentMode());
  document.addEventListener('click', onClick);
  window.addEventListener('storage', onStorage);
  return () => {
    document.removeEventListener('click', onClick);
    window.removeEventListener('storage', onStorage);
  };
}
