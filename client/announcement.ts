// The announcement bar's close button: the dismissal is stored with the announcement's id, so a
// new announcement (new id) shows again. The head script hides a dismissed bar before paint.
import { DATA, STORAGE_KEYS } from '../common/constants.ts';
import { storage } from './storage.ts';

export function init(): () => void {
  const onClick = (event: Event) => {
    const button = event.target instanceof Element ? event.target.closest('[data-announcement-close]') : null;
    const bar = button?.closest<HTMLElement>('[data-announcement-id]');
    if (!bar) return;
    storage.set(STORAGE_KEYS.announcementId, bar.dataset.announcementId ?? '');
    storage.set(STORAGE_KEYS.announcementDismissed, 'true');
    document.documentElement.setAttribute(DATA.announcementDismissed, 'true');
  };
  document.addEventListener('click', onClick);
  return () => document.removeEventListener('click', onClick);
}
