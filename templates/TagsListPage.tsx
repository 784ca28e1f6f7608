import { IDS } from '../common/constants.ts';
import { PAGE_TEXTS } from '../common/texts.ts';
import type { TagsListPageData } from '../lib/model.ts';
import { SmartLink } from '../components/SmartLink.tsx';
import { Layout } from './Layout.tsx';

/** /docs/tags/: every tag with its page count, grouped by first letter. */
export function TagsListPage({ head, letters }: TagsListPageData) {
  return (
    <Layout head={head}>
      <main id={IDS.main} className="container container--narrow" tabIndex={-1}>
        <h1>{PAGE_TEXTS.tagsTitle}</h1>
        {letters.map((group) => (
          <section className="tags-letter" key={group.letter} aria-labelledby={`letter-${group.letter}`}>
            <h2 id={`letter-${group.letter}`}>{group.letter}</h2>
            <ul className="tags-letter__list">
              {group.tags.map((tag) => (
                <li key={tag.slug}>
                  <SmartLink href={tag.route} className="tag">
                    {tag.label}
                    <span className="tag__count">{tag.count}</span>
                  </SmartLink>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </main>
    </Layout>
  );
}
