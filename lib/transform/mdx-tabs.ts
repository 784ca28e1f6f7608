// Transform, MDX: `<Tabs>` with `<TabItem>` children (@theme/Tabs) becomes a tab group like the code
// tabs' (lib/transform/code-tabs.ts, client/code.ts), each panel holding its Markdown. As in
// Docusaurus, a tab is known by its value (its label is shown), the `default` item or the Tabs'
// `defaultValue` is selected first, `values` may give the labels, and groups with the same
// `groupId` switch together, on this page and later ones. `queryString` (the choice in the address)
// is not supported: it is ignored with a warning, the tabs work without it.
import { escapeHtml } from './highlight.ts';
import { childrenHtml, type ChildParser, type JsxToken } from './mdx-components.ts';
import { warnOnce } from './mdx-state.ts';
import { componentKind, propText, propValue } from './mdx-theme.ts';
import { at, type PageState } from './page-state.ts';

interface Tab {
  value: string;
  label: string;
  isDefault: boolean;
  token: JsxToken;
}

function labelsOf(values: unknown): Map<string, string> {
  const labels = new Map<string, string>();
  if (!Array.isArray(values)) return labels;
  for (const entry of values) {
    const { value, label } = (entry ?? {}) as { value?: unknown; label?: unknown };
    if (typeof value === 'string') labels.set(value, typeof label === 'string' ? label : value);
  }
  return labels;
}

export function tabsHtml(page: PageState, token: JsxToken, parser: ChildParser): string {
  const groupId = propText(page, token, 'groupId');
  const labels = labelsOf(propValue(token, 'values'));
  const defaultValue = propValue(token, 'defaultValue');
  if (propValue(token, 'queryString') !== undefined) {
    warnOnce(page, 'tabs-query-string', at(page, token), `<${token.tag.name} queryString> is not supported: the chosen tab is not kept in the address. The tabs work without it; remove the prop to silence this.`);
  }
  const tabs: Tab[] = [];
  for (const child of token.tokens) {
    if (child.type === 'space' || (child.type === 'text' && child.raw.trim() === '')) continue;
    const item = child as JsxToken;
    if (child.type !== 'mdxJsx' || componentKind(page, item.tag.name) !== 'tabItem') {
      page.ctx.diagnostics.warn(at(page, child), `Only <TabItem> elements belong in <${token.tag.name}>; this ${child.type === 'mdxJsx' ? `<${item.tag.name}>` : 'content'} is left out. Move it into a <TabItem>.`);
      continue;
    }
    const value = propText(page, item, 'value') ?? propText(page, item, 'label') ?? `${tabs.length + 1}`;
    const label = propText(page, item, 'label') ?? labels.get(value) ?? value;
    if (tabs.some((tab) => tab.value === value)) {
      page.ctx.diagnostics.warn(at(page, item), `Two <TabItem>s of one <${token.tag.name}> have the value "${value}"; the second is left out. Give each tab its own value.`);
      continue;
    }
    tabs.push({ value, label, isDefault: propValue(item, 'default') === true || value === defaultValue, token: item });
  }
  if (tabs.length === 0) {
    page.ctx.diagnostics.warn(at(page, token), `<${token.tag.name}> holds no <TabItem>; it is left out.`);
    return '';
  }
  const defaultTab = tabs.find((tab) => tab.isDefault);
  const panels = tabs.map((tab) => {
    const label = escapeHtml(tab.label);
    const value = tab.value === tab.label ? '' : ` data-tab-value="${escapeHtml(tab.value)}"`;
    const isDefault = tab === defaultTab ? ' data-tab-default' : '';
    const content = tab.token.inline ? `<p>${childrenHtml(tab.token, parser)}</p>\n` : childrenHtml(tab.token, parser);
    return `<div class="code-tabs__panel" data-tab-label="${label}"${value}${isDefault}>\n<p class="code-tabs__label">${label}</p>\n${content}</div>\n`;
  });
  // Groups without a groupId switch on their own; with one, with every group of that id.
  const group = groupId === undefined ? '' : ` data-tab-group="${escapeHtml(groupId)}"`;
  return `<div class="code-tabs"${group}>\n${panels.join('')}</div>\n`;
}
