import { PAGE_TEXTS } from '../common/texts.ts';
import type { NavLink } from '../lib/model.ts';
import { SmartLink } from './SmartLink.tsx';

export function Pagination(props: { previous: NavLink | undefined; next: NavLink | undefined }) {
  if (!props.previous && !props.next) return null;
  return (
    <nav className="pagination-nav" aria-label={PAGE_TEXTS.docsPages}>
      {props.previous ? (
        <SmartLink href={props.previous.route} className="pagination-nav__link pagination-nav__link--prev">
          <span className="pagination-nav__sublabel">{PAGE_TEXTS.previous}</span>
          <span className="pagination-nav__label">{props.previous.label}</span>
        </SmartLink>
      ) : <span />}
      {props.next ? (
        <SmartLink href={props.next.route} className="pagination-nav__link pagination-nav__link--next">
          <span className="pagination-nav__sublabel">{PAGE_TEXTS.next}</span>
          <span className="pagination-nav__label">{props.next.label}</span>
        </SmartLink>
      ) : null}
    </nav>
  );
}
