import { IDS } from '../common/constants.ts';
import { PAGE_TEXTS } from '../common/texts.ts';
import type { NotFoundPageData } from '../lib/model.ts';
import { SmartLink } from '../components/SmartLink.tsx';
import { Layout } from './Layout.tsx';

/** 404.html: served by static hosts for any unknown path. */
export function NotFoundPage({ head, docsRoute }: NotFoundPageData) {
  return (
    <Layout head={head} noIndex>
      <main id={IDS.main} className="container container--narrow not-found" tabIndex={-1}>
        <h1>{PAGE_TEXTS.notFoundTitle}</h1>
        <p>{PAGE_TEXTS.notFoundLead}</p>
        <p>{PAGE_TEXTS.notFoundHint}</p>
        <ul className="not-found__links">
          <li><SmartLink href="/">Go to the home page</SmartLink></li>
          <li><SmartLink href={docsRoute}>Browse the documentation</SmartLink></li>
        </ul>
      </main>
    </Layout>
  );
}
