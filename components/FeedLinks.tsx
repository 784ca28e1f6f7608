import { PAGE_TEXTS } from '../common/texts.ts';

/** Under a changelog: its Atom and JSON feeds (the page head links them too, for feed readers). */
export function FeedLinks(props: { atom: string; json: string }) {
  return (
    <p className="feed-links">
      {PAGE_TEXTS.feedsIntro} <a href={props.atom} type="application/atom+xml">{PAGE_TEXTS.atomFeed}</a>
      {' · '}
      <a href={props.json} type="application/feed+json">{PAGE_TEXTS.jsonFeed}</a>
    </p>
  );
}
