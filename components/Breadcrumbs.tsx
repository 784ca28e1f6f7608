import { PAGE_TEXTS } from '../common/texts.ts';
import type { Crumb } from '../lib/model.ts';
import { HomeIcon } from './Icons.tsx';
import { SmartLink } from './SmartLink.tsx';

export function Breadcrumbs(props: { trail: Crumb[]; current: string }) {
  return (
    <nav className="breadcrumbs" aria-label={PAGE_TEXTS.breadcrumbs}>
      <ol>
        <li>
          <SmartLink href="/" className="breadcrumbs__home">
            <span className="visually-hidden">{PAGE_TEXTS.homePage}</span>
            <HomeIcon />
          </SmartLink>
        </li>
        {props.trail.map((category) => (
          <li key={category.label}>
            {category.route ? <SmartLink href={category.route}>{category.label}</SmartLink> : <span>{category.label}</span>}
          </li>
        ))}
        <li>
          <span aria-current="page">{props.current}</span>
        </li>
      </ol>
    </nav>
  );
}
