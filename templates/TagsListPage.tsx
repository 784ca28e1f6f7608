import { IDS } from '../common/constants.ts';
import { PAGE_TEXTS } from '../common/texts.ts';
import type { TagGroup } from '../lib/model.ts';
import { groupTagsByLetter } from '../lib/assemble/tags.ts';
import { SmartLink } from '../components/SmartLink.tsx';
import { Layout } from './Layout.tsx';

/** /docs/tags/: every tag with its page count, grouped by first letter. */
export function TagsListPage({ tags, route }: { tags: TagGroup[]; route: string }) {
  return (
    <Layout title={PAGE_TEXTS.tagsTitle} description="Every topic of the documentation, with the number of pages that cover it." route={route}>
      <main id={IDS.main} className="container container--narrow" tabIndex={-1}>
        <h1>{PAGE_TEXTS.tagsTitle}</h1>
        {groupTagsByLetter(tags).map((group) => (
          <section className="tags-letter" key={group.letter} aria-labelledby={`letter-${group.letter}`}>
            <h2 id={`letter-${group.letter}`}>{group.letter}</h2>
            <ul className="tags-letter__list">
              {group.tags.map((tag) => (
                <li key={tag.slug}>
                  <SmartLink href={tag.route} className="tag">
                    {tag.label}
                    <span className="tag__count">{tag.docs.length}</span>
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
