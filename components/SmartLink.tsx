import type { ReactNode } from 'react';
import { ExternalIcon } from './Icons.tsx';
import { isExternal, useHref } from './SiteContext.tsx';

/** A link to a route (base URL added) or to another site (opens in a new tab, no referrer; `externalIcon` marks it). */
export function SmartLink(props: { href: string; className?: string | undefined; children: ReactNode; current?: boolean; externalIcon?: boolean }) {
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
      {props.externalIcon && external ? <ExternalIcon /> : null}
    </a>
  );
}
