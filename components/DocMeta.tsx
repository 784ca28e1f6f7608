import { PAGE_TEXTS } from '../common/texts.ts';

/** "Last updated on Nov 23, 2026", as the classic theme writes it (UTC, so every build agrees). */
const DATE_FORMAT = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
/** Formatted dates by day: a large site has thousands of pages and few distinct days. */
const formatted = new Map<string, string>();
function formatDay(day: string): string {
  let text = formatted.get(day);
  if (text === undefined) formatted.set(day, (text = DATE_FORMAT.format(new Date(day))));
  return text;
}

// `datetime` spelled as HTML spells it: React would write its `dateTime` prop in camel case.

/** Below a doc: the link to its source in the repository (when site.yml names one) and when it last changed. */
export function DocMeta(props: { editUrl: string | undefined; lastUpdated: string | undefined }) {
  if (!props.editUrl && !props.lastUpdated) return null;
  return (
    <div className="doc-meta">
      {props.editUrl ? (
        <a className="doc-meta__edit" href={props.editUrl} target="_blank" rel="noopener noreferrer">{PAGE_TEXTS.editThisPage}</a>
      ) : null}
      {props.lastUpdated ? (
        <span className="doc-meta__updated">
          {PAGE_TEXTS.lastUpdatedOn} <time {...{ datetime: props.lastUpdated }}>{formatDay(props.lastUpdated)}</time>
        </span>
      ) : null}
    </div>
  );
}
