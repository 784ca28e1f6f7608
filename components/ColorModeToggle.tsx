import { TEXTS } from '../common/texts.ts';
import { MoonIcon, SunIcon } from './Icons.tsx';

/**
 * The static HTML names the default mode; the client rewrites the name to the mode in force.
 * Both icons are in the markup and CSS shows the one for the current data-theme.
 */
export function ColorModeToggle() {
  const label = TEXTS.colorModeToggle('light');
  return (
    <button type="button" className="color-mode-toggle" aria-label={label} title={label} aria-live="polite" data-color-mode-toggle="">
      <SunIcon />
      <MoonIcon />
    </button>
  );
}
