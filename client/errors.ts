// What a reader sees when a navigation cannot finish: "Page Error" with "Retry" when the page
// cannot be fetched at all (network down), "This page crashed." with "Try again" when showing it failed.
import { IDS } from '../common/constants.ts';
import { TEXTS } from '../common/texts.ts';

function show(title: string, message: string, button: string, onClick: () => void): void {
  const container = document.getElementById(IDS.pageContent);
  if (!container) return;
  const main = document.createElement('main');
  main.id = IDS.main;
  main.className = 'container container--narrow page-error';
  main.tabIndex = -1;
  const heading = document.createElement('h1');
  heading.textContent = title;
  const text = document.createElement('p');
  text.textContent = message; // textContent: an error message never becomes markup.
  const action = document.createElement('button');
  action.type = 'button';
  action.className = 'button button--primary';
  action.textContent = button;
  action.addEventListener('click', onClick);
  main.append(heading, text, action);
  // Only the page's main part goes: the docs sidebar stays, so the reader can still go elsewhere.
  const old = container.querySelector(`#${IDS.main}`);
  if (old) old.replaceWith(main);
  else container.replaceChildren(main);
  main.focus();
}

export function showPageError(retry: () => void): void {
  document.title = TEXTS.pageError;
  show(TEXTS.pageError, 'The page could not be loaded. Check your connection, then retry.', TEXTS.retry, retry);
}

export function showCrash(error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  show(TEXTS.pageCrashed, message, TEXTS.tryAgain, () => window.location.reload());
}
