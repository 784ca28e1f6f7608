import type { ReactNode } from 'react';
import { isExternal, useHref } from './SiteContext.tsx';

/** A link to a route (base URL added) or to another site (opens in a new tab, no referrer). */
export function SmartLink(props: { href: string; className?: string; children: ReactNode; current?: boolean }) {
  const href = useHref();
  const external = isExternal(props.href);
  return (
    <a
      href={href(props.href)}
      className={props.className}
      aria-current={props.current ? 'page' : undefined}
      {...(external && props.href.startsWith('http') ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {props.children}
    </a>
  );
}
