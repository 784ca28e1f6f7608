import { IDS } from '../common/constants.ts';
import { PAGE_TEXTS, TEXTS } from '../common/texts.ts';
import type { NavLink, SearchPageData } from '../lib/model.ts';
import { useHref, useSite } from '../components/SiteContext.tsx';
import { SmartLink } from '../components/SmartLink.tsx';
import { INPUT_ATTRIBUTES } from '../components/SearchBox.tsx';
import { Layout } from './Layout.tsx';

/** The top of the docs sidebar as links: where a reader goes when a search finds nothing. */
function Categories({ links }: { links: NavLink[] }) {
  return (
    <ul className="search-page__categories">
      {links.map((link) => <li key={link.route}><SmartLink href={link.route}>{link.label}</SmartLink></li>)}
    </ul>
  );
}

/**
 * /search/: results for ?q=, filled in by the search module, so a search can be linked and shared.
 * Without JavaScript it offers the categories instead.
 */
export function SearchPage({ head, categories }: SearchPageData) {
  const { assets } = useSite();
  const href = useHref();
  return (
    <Layout head={head} noIndex>
      <main id={IDS.main} className="container container--narrow search-page" tabIndex={-1}
        data-search-page="" data-search-index={assets.searchIndex} data-search-script={assets.searchScript}>
        <h1>{TEXTS.searchPageTitle}</h1>
        <form className="search-page__form" role="search" action={href('/search/')} method="get">
          <label className="visually-hidden" htmlFor="search-page-input">{PAGE_TEXTS.search}</label>
          <input id="search-page-input" className="search-page__input" type="search" name="q" placeholder={PAGE_TEXTS.search} {...INPUT_ATTRIBUTES} />
          <button className="search-page__submit" type="submit">{PAGE_TEXTS.search}</button>
        </form>
        <p className="search-page__count" role="status" />
        <ol className="search-page__results" />
        <div className="search-page__empty" hidden>
          <p>{PAGE_TEXTS.searchHint}</p>
          <Categories links={categories} />
        </div>
        <noscript>
          <p>{PAGE_TEXTS.searchNeedsScript}</p>
          <Categories links={categories} />
        </noscript>
      </main>
    </Layout>
  );
}
