import { PAGE_TEXTS } from '../common/texts.ts';

// `datetime` spelled as HTML spells it: React would write its `dateTime` prop in camel case.

/** Below a doc: the link to its source in the repository (when site.yml names one) and when it last changed. */
export function DocMeta(props: { editUrl: string | undefined; lastUpdated: { date: string; text: string; author?: string | undefined } | undefined }) {
  if (!props.editUrl && !props.lastUpdated) return null;
  return (
    <div className="doc-meta">
      {props.editUrl ? (
        <a className="doc-meta__edit" href={props.editUrl} target="_blank" rel="noopener noreferrer">{PAGE_TEXTS.editThisPage}</a>
      ) : null}
      {props.lastUpdated ? (
        <span className="doc-meta__updated">
          {PAGE_TEXTS.lastUpdatedOn} <time {...{ datetime: props.lastUpdated.date }}>{props.lastUpdated.text}</time>
          {props.lastUpdated.author ? <> {PAGE_TEXTS.lastUpdatedBy} <b>{props.lastUpdated.author}</b></> : null}
        </span>
      ) : null}
    </div>
  );
}
