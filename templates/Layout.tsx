import type { ReactNode } from 'react';
import { faviconType, IDS } from '../common/constants.ts';
import { PAGE_TEXTS } from '../common/texts.ts';
import type { PageHead } from '../lib/model.ts';
import { AnnouncementBar } from '../components/AnnouncementBar.tsx';
import { Footer } from '../components/Footer.tsx';
import { Navbar } from '../components/Navbar.tsx';
import { useSite } from '../components/SiteContext.tsx';

export interface LayoutProps {
  /** Title, description, canonical and alternate URLs (lib/assemble/page-data.ts). */
  head: PageHead;
  /** Docs pages carry the version metadata and the sidebar in the mobile menu. */
  docs?: boolean | undefined;
  noIndex?: boolean;
  children: ReactNode;
}

/** Every page: <head>, skip link, announcement, navbar, the page's <main>, footer, script. */
export function Layout(props: LayoutProps) {
  const { config, assets, generator, noFlashScript, baseUrlBannerScript, contentSecurityPolicy, ogImageSize } = useSite();
  const { head } = props;
  const title = head.title ? `${head.title} | ${config.title}` : config.title;
  const canonical = head.canonical;
  const version = config.docs.version;
  return (
    <html lang="en" dir="ltr" data-theme="light" data-base-url={config.baseUrl} data-has-hydrated="false">
      <head>
        <meta charSet="utf-8" />
        {/* React preloads an image it renders; the navbar's logo is rendered apart, once a build (SiteContextValue.sharedHtml). */}
        {config.logo ? <link rel="preload" as="image" href={assets.logo} /> : null}
        {/* One directive a line, for readers of the page source: a policy is split at ";" and its
            whitespace, newlines included, only separates (the served header stays on one line). */}
        <meta httpEquiv="Content-Security-Policy" content={contentSecurityPolicy.replaceAll('; ', ';\n    ')} />
        <meta name="generator" content={generator} />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <meta name="description" content={head.description} />
        {head.keywords && head.keywords.length > 0 ? <meta name="keywords" content={head.keywords.join(', ')} /> : null}
        <meta name="color-scheme" content="light dark" />
        {props.noIndex ? <meta name="robots" content="noindex" /> : null}
        {canonical ? <link rel="canonical" href={canonical} /> : null}
        <meta property="og:type" content="website" />
        <meta property="og:site_name" content={config.title} />
        <meta property="og:title" content={title} />
        <meta property="og:description" content={head.description} />
        {canonical ? <meta property="og:url" content={canonical} /> : null}
        {head.image ? (
          <>
            <meta property="og:image" content={head.image.url} />
            {head.image.width && head.image.height ? <meta property="og:image:width" content={String(head.image.width)} /> : null}
            {head.image.width && head.image.height ? <meta property="og:image:height" content={String(head.image.height)} /> : null}
            <meta property="og:image:alt" content={head.title ?? config.title} />
          </>
        ) : config.image && ogImageSize ? (
          <>
            <meta property="og:image" content={`${config.url}${assets.ogImage}`} />
            <meta property="og:image:width" content={String(ogImageSize.width)} />
            <meta property="og:image:height" content={String(ogImageSize.height)} />
            <meta property="og:image:alt" content={config.image.alt} />
          </>
        ) : null}
        {/* Twitter cards read the image from og:image: a large card when there is one. */}
        <meta name="twitter:card" content={config.image || head.image ? 'summary_large_image' : 'summary'} />
        <meta name="twitter:title" content={title} />
        <meta name="twitter:description" content={head.description} />
        {props.docs ? <meta name="docs-version" content={version.name} /> : null}
        {props.docs ? <meta name="docs-version-label" content={version.label} /> : null}
        {config.favicon ? <link rel="icon" href={assets.favicon} type={faviconType(config.favicon)} /> : null}
        <link rel="sitemap" type="application/xml" href={`${config.baseUrl}sitemap.xml`} />
        {head.alternates.map((alternate) => <link key={alternate.href} rel="alternate" type={alternate.type} href={alternate.href} title={alternate.title} />)}
        <script dangerouslySetInnerHTML={{ __html: noFlashScript }} />
        <script dangerouslySetInnerHTML={{ __html: baseUrlBannerScript }} />
        {config.analyticsId ? <meta name="analytics-id" content={config.analyticsId} /> : null}
        <link rel="stylesheet" href={assets.css} />
        <script src={assets.js} defer />
      </head>
      <body {...(props.docs ? { 'data-docs-version': version.name } : {})}>
        <section className="skip-link-region" aria-label={PAGE_TEXTS.skipToContent}>
          <a className="skip-link" href={`#${IDS.main}`}>{PAGE_TEXTS.skipToContent}</a>
        </section>
        <AnnouncementBar />
        <Navbar docsSidebar={props.docs === true} />
        <div className="page-content" id={IDS.pageContent}>
          {props.children}
        </div>
        <Footer />
      </body>
    </html>
  );
}
