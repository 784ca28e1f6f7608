import { PAGE_TEXTS } from '../common/texts.ts';
import type { TagRef } from '../lib/model.ts';
import { SmartLink } from './SmartLink.tsx';

/** "Tags:" and the page's tags, each linking to its tag page. */
export function TagList({ tags }: { tags: TagRef[] }) {
  if (tags.length === 0) return null;
  return (
    <div className="tag-list">
      <b>{PAGE_TEXTS.tagsLabel}</b>
      <ul>
        {tags.map((tag) => (
          <li key={tag.slug}>
            <SmartLink href={tag.route} className="tag">{tag.label}</SmartLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
