import { IDS } from '../common/constants.ts';
import { PAGE_TEXTS } from '../common/texts.ts';
import { ColorModeToggle } from './ColorModeToggle.tsx';
import { MenuIcon, SearchIcon } from './Icons.tsx';
import { SearchBox } from './SearchBox.tsx';
import { useHref, useSite } from './SiteContext.tsx';
import { SmartLink } from './SmartLink.tsx';

function NavItems() {
  const { config } = useSite();
  return (
    <ul className="navbar__items">
      {config.navbar.items.map((item) => (
        <li key={item.label}>
          <SmartLink href={item.href} className="navbar__link" externalIcon>{item.label}</SmartLink>
        </li>
      ))}
    </ul>
  );
}

/**
 * The top bar. At 996 px and below the items move into the mobile menu: a <details> element, so
 * it opens and closes without JavaScript; the client adds Escape, outside click and focus handling.
 * On doc pages the menu also holds the docs sidebar: the page has it once, in its column, and the
 * client moves it into the menu while the menu is open. Without JavaScript the menu links to the
 * column, which narrow screens then show after the content.
 *
 * There, a search button in the bar stands for the navbar's box: a link to the search page, which
 * the client turns into opening the menu with its search box focused.
 */
export function Navbar(props: { docsSidebar: boolean }) {
  const site = useSite();
  // The same on every page with or without a docs sidebar: rendered once for each (SiteContextValue.sharedHtml).
  const bar = site.sharedHtml(props.docsSidebar ? 'navbar docs' : 'navbar', () => <NavbarBar docsSidebar={props.docsSidebar} />, site);
  return <header className="navbar-wrapper" data-hide-on-scroll={site.config.navbar.hideOnScroll ? 'true' : undefined} dangerouslySetInnerHTML={{ __html: bar }} />;
}

function NavbarBar(props: { docsSidebar: boolean }) {
  const { config, assets } = useSite();
  const href = useHref();
  return (
    <nav className="navbar" aria-label={PAGE_TEXTS.mainNav}>
      <details className="mobile-menu" id={IDS.mobileMenu}>
        <summary className="mobile-menu__toggle" aria-label={PAGE_TEXTS.toggleNavigation} title={PAGE_TEXTS.toggleNavigation}>
          <MenuIcon />
        </summary>
        <div className="mobile-menu__panel">
          <SearchBox place="menu" />
          <NavItems />
          {props.docsSidebar ? (
            <div className="mobile-menu__sidebar">
              <a className="mobile-menu__sidebar-link navbar__link" href={`#${IDS.docsSidebar}`}>{PAGE_TEXTS.docsPagesLink}</a>
            </div>
          ) : null}
        </div>
      </details>
      <a className="navbar__brand" href={href('/')}>
        {config.logo ? <img className="navbar__logo" src={assets.logo} alt={config.logo.alt} width={32} height={32} /> : null}
        <span className="navbar__title">{config.title}</span>
      </a>
      <div className="navbar__desktop-items">
        <NavItems />
      </div>
      <div className="navbar__end">
        <SearchBox place="navbar" />
        <a className="navbar__search-button" href={href('/search/')} aria-label={PAGE_TEXTS.search} title={PAGE_TEXTS.search}>
          <SearchIcon />
        </a>
        <ColorModeToggle />
      </div>
    </nav>
  );
}
