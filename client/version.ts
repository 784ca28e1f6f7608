// Remembers the docs version a reader last visited (there is one version today: "current").
import { STORAGE_KEYS } from '../common/constants.ts';
import { storage } from './storage.ts';

export function init(): () => void {
  const version = document.body.dataset.docsVersion;
  if (version) storage.set(STORAGE_KEYS.preferredDocsVersion, version);
  return () => {};
}
