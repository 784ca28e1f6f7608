// Code blocks: a copy button on each; the page's own "Copy page" button (its markdown); and tab
// groups. Code tab groups (cURL / Node.js / Python …) share one remembered choice, applied to every
// code tab group on this page and later pages; MDX Tabs with a groupId share theirs with the groups
// of that id (data-tab-group="ID"), and MDX Tabs without one keep their choice to themselves.
import { DATA, STORAGE_KEYS } from '../common/constants.ts';
import { TEXTS } from '../common/texts.ts';
import { storage } from './storage.ts';

const COPIED_MS = 1000;
let groupCount = 0;

function addCopyButtons(root: ParentNode): void {
  for (const block of root.querySelectorAll<HTMLElement>('.code-block')) {
    if (block.querySelector('.code-block__copy')) continue;
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'code-block__copy';
    button.title = TEXTS.copy;
    button.setAttribute('aria-label', TEXTS.copyCode);
    button.textContent = TEXTS.copy;
    block.append(button);
  }
}

async function copy(button: HTMLButtonElement): Promise<void> {
  const code = button.closest('.code-block')?.querySelector('code');
  if (!code) return;
  try {
    await navigator.clipboard.writeText(code.textContent ?? '');
  } catch {
    return; // No clipboard permission: the code stays selectable by hand.
  }
  button.textContent = TEXTS.copied;
  button.setAttribute('aria-label', TEXTS.copied);
  button.classList.add('code-block__copy--done');
  window.setTimeout(() => {
    button.textContent = TEXTS.copy;
    button.setAttribute('aria-label', TEXTS.copyCode);
    button.classList.remove('code-block__copy--done');
  }, COPIED_MS);
}

/**
 * "Copy page": the markdown of the "View as markdown" link beside the button. The text is handed
 * to the clipboard as a pending item where the browser allows it, so the copy still counts as
 * part of the click while the file loads.
 */
async function copyPage(button: HTMLButtonElement): Promise<void> {
  const link = button.parentElement?.querySelector('a');
  const status = button.parentElement?.querySelector('[role="status"]');
  if (!link || !status) return;
  const text = fetch(link.href).then((response) => {
    if (!response.ok) throw new Error(`${response.status}`);
    return response.text();
  });
  try {
    if (typeof ClipboardItem === 'function') {
      await navigator.clipboard.write([new ClipboardItem({ 'text/plain': text.then((markdown) => new Blob([markdown], { type: 'text/plain' })) })]);
    } else {
      await navigator.clipboard.writeText(await text);
    }
    status.textContent = TEXTS.pageCopied;
    button.textContent = TEXTS.copied;
  } catch {
    // Offline, or no clipboard permission: the link beside the button still opens the markdown.
    status.textContent = TEXTS.copyPageFailed;
    button.textContent = TEXTS.copyFailed;
  }
  window.setTimeout(() => {
    status.textContent = '';
    button.textContent = TEXTS.copyPage;
  }, COPIED_MS * 2);
}

function enhanceTabs(group: HTMLElement): void {
  if (group.hasAttribute('data-enhanced')) return;
  const panels = [...group.querySelectorAll<HTMLElement>(':scope > .code-tabs__panel')];
  const list = document.createElement('div');
  list.className = 'code-tabs__list';
  list.setAttribute('role', 'tablist');
  const id = `code-tabs-${++groupCount}`;
  panels.forEach((panel, index) => {
    const label = panel.getAttribute(DATA.tabLabel) ?? '';
    const tab = document.createElement('button');
    tab.type = 'button';
    tab.className = 'code-tabs__tab';
    tab.id = `${id}-tab-${index}`;
    tab.setAttribute('role', 'tab');
    tab.setAttribute('aria-controls', `${id}-panel-${index}`);
    tab.setAttribute(DATA.tabValue, panel.getAttribute(DATA.tabValue) ?? label);
    // Selected until a remembered choice says otherwise (select() falls back to it).
    if (panel.hasAttribute(DATA.tabDefault)) tab.setAttribute('aria-selected', 'true');
    tab.textContent = label;
    list.append(tab);
    panel.id = `${id}-panel-${index}`;
    panel.setAttribute('role', 'tabpanel');
    panel.setAttribute('aria-labelledby', tab.id);
  });
  group.prepend(list);
  group.setAttribute('data-enhanced', '');
}

/** Where a group's choice is remembered: null for a group that keeps it to itself. */
function keyOf(group: Element): string | null {
  const id = group.getAttribute(DATA.tabGroup);
  return id === null ? null : id ? `${STORAGE_KEYS.codeTab}.${id}` : STORAGE_KEYS.codeTab;
}

function select(group: HTMLElement, value: string | null): void {
  // The group's own tabs only: a panel may hold a tab group of its own.
  const tabs = [...group.querySelectorAll<HTMLButtonElement>(':scope > .code-tabs__list > .code-tabs__tab')];
  const chosen = tabs.find((tab) => tab.getAttribute(DATA.tabValue) === value) ?? tabs.find((tab) => tab.getAttribute('aria-selected') === 'true') ?? tabs[0];
  for (const tab of tabs) {
    const selected = tab === chosen;
    tab.setAttribute('aria-selected', String(selected));
    tab.tabIndex = selected ? 0 : -1;
    const panel = document.getElementById(tab.getAttribute('aria-controls') ?? '');
    if (panel) panel.hidden = !selected;
  }
}

function selectEverywhere(key: string | null, value: string | null): void {
  if (key !== null && value !== null) storage.set(key, value);
  for (const group of document.querySelectorAll<HTMLElement>('.code-tabs[data-enhanced]')) if (keyOf(group) === key) select(group, value);
}

function choose(tab: HTMLButtonElement): void {
  const group = tab.closest<HTMLElement>('.code-tabs');
  if (!group) return;
  const key = keyOf(group);
  if (key === null) select(group, tab.getAttribute(DATA.tabValue));
  else selectEverywhere(key, tab.getAttribute(DATA.tabValue));
}

export function init(root: ParentNode = document): () => void {
  addCopyButtons(root);
  for (const group of root.querySelectorAll<HTMLElement>('.code-tabs')) {
    enhanceTabs(group);
    const key = keyOf(group);
    select(group, key === null ? null : storage.get(key));
  }
  const onClick = (event: Event) => {
    const target = event.target instanceof Element ? event.target : null;
    const copyButton = target?.closest<HTMLButtonElement>('.code-block__copy');
    if (copyButton) void copy(copyButton);
    const pageButton = target?.closest<HTMLButtonElement>(`[${DATA.copyPage}]`);
    if (pageButton) void copyPage(pageButton);
    const tab = target?.closest<HTMLButtonElement>('.code-tabs__tab');
    if (tab) choose(tab);
  };
  const onKey = (event: KeyboardEvent) => {
    const tab = event.target instanceof Element ? event.target.closest<HTMLButtonElement>('.code-tabs__tab') : null;
    if (!tab || (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft')) return;
    const tabs = [...(tab.parentElement?.querySelectorAll<HTMLButtonElement>('.code-tabs__tab') ?? [])];
    const next = tabs[(tabs.indexOf(tab) + (event.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length];
    if (!next) return;
    event.preventDefault();
    choose(next);
    next.focus();
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key?.startsWith(STORAGE_KEYS.codeTab) && event.newValue) selectEverywhere(event.key, event.newValue);
  };
  root.addEventListener('click', onClick);
  root.addEventListener('keydown', onKey as EventListener);
  window.addEventListener('storage', onStorage);
  return () => {
    root.removeEventListener('click', onClick);
    root.removeEventListener('keydown', onKey as EventListener);
    window.removeEventListener('storage', onStorage);
  };
}
