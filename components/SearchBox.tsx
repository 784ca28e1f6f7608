import { PAGE_TEXTS } from '../common/texts.ts';
import { SearchIcon } from './Icons.tsx';
import { useHref, useSite } from './SiteContext.tsx';

/**
 * Written lower-case as HTML has them: React's server renderer keeps these three camel-cased
 * ("autoComplete"), which browsers accept but validators flag.
 */
export const INPUT_ATTRIBUTES = { autocomplete: 'off', spellcheck: 'false', enterkeyhint: 'search' } as Record<string, string>;

/**
 * A search form. Without JavaScript it submits to the search page; with it, the search module
 * (loaded on first focus) turns the input into a combobox listing results as the reader types.
 * `place` keeps ids unique: one box sits in the navbar, one in the mobile menu.
 */
export function SearchBox({ place }: { place: 'navbar' | 'menu' }) {
  const { assets } = useSite();
  const href = useHref();
  const id = `search-${place}`;
  return (
    <form className={`search-form search-form--${place}`} role="search" action={href('/search/')} method="get"
      data-search-index={assets.searchIndex} data-search-script={assets.searchScript}>
      <label className="visually-hidden" htmlFor={id}>{PAGE_TEXTS.search}</label>
      <button className="search-form__submit" type="submit" aria-label={PAGE_TEXTS.search} title={PAGE_TEXTS.search}><SearchIcon /></button>
      <input id={id} className="search-form__input" type="search" name="q" placeholder={PAGE_TEXTS.search} {...INPUT_ATTRIBUTES}
        role="combobox" aria-expanded="false" aria-controls={`${id}-results`} aria-autocomplete="list" />
      <span className="search-form__keys" aria-hidden="true">
        <kbd className="search-form__key-modifier">{PAGE_TEXTS.searchShortcutCtrl}</kbd>
        <kbd>{PAGE_TEXTS.searchShortcutKey}</kbd>
      </span>
      <div className="search-popup" hidden>
        <ul className="search-popup__list" role="listbox" id={`${id}-results`} aria-label={PAGE_TEXTS.searchResults} />
        <p className="search-popup__status" hidden />
        <a className="search-popup__all" href={href('/search/')}>{PAGE_TEXTS.seeAllResults}</a>
      </div>
      <p className="visually-hidden" role="status" />
    </form>
  );
}
