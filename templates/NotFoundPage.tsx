import { IDS } from '../common/constants.ts';
import { TEXTS } from '../common/texts.ts';
import { SmartLink } from '../components/SmartLink.tsx';
import { Layout } from './Layout.tsx';

/** 404.html: served by static hosts for any unknown path. */
export function NotFoundPage({ docsRoute }: { docsRoute: string }) {
  return (
    <Layout title={TEXTS.notFoundTitle} description={TEXTS.notFoundLead} route={undefined} noIndex>
      <main id={IDS.main} className="container container--narrow not-found" tabIndex={-1}>
        <h1>{TEXTS.notFoundTitle}</h1>
        <p>{TEXTS.notFoundLead}</p>
        <p>{TEXTS.notFoundHint}</p>
        <ul className="not-found__links">
          <li><SmartLink href="/">Go to the home page</SmartLink></li>
          <li><SmartLink href={docsRoute}>Browse the documentation</SmartLink></li>
        </ul>
      </main>
    </Layout>
  );
}
