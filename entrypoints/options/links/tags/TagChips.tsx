import './tag-chips.css';
import { memo } from 'react';
import type { LinkTag } from '../../../../lib/tags/link-tags.ts';

/**
 * A link's tags as chips in their colours, each with its name (a colour never says anything
 * alone). Memoised by the tags list, which rows of the same link share: a row redrawn for a
 * search keystroke makes no chips again.
 */
export const TagChips = memo(function TagChips({ tags }: { tags: readonly LinkTag[] }) {
  if (tags.length === 0) return null;
  return (
    <span className="tag-chips">
      {tags.map((tag) => (
        <span key={tag.name} className={`tag-chip tag-${tag.color}`} dir="auto">
          {tag.name}
        </span>
      ))}
    </span>
  );
});
