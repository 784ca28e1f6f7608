import { DATA } from '../common/constants.ts';
import { PAGE_TEXTS, TEXTS } from '../common/texts.ts';

/**
 * "Copy page" and "View as markdown" at the top of a doc: the page's markdown twin (index.md), for
 * pasting into an AI assistant or an issue. The button needs JavaScript (CSS hides it without);
 * the link works everywhere.
 */
export function DocActions(props: { markdownUrl: string }) {
  return (
    <div className="doc-actions">
      <button type="button" className="doc-actions__copy" {...{ [DATA.copyPage]: '' }} title={PAGE_TEXTS.copyPageLabel}>
        {TEXTS.copyPage}
      </button>
      <a className="doc-actions__view" href={props.markdownUrl} type="text/markdown">{PAGE_TEXTS.viewAsMarkdown}</a>
      <span className="visually-hidden" role="status" />
    </div>
  );
}
