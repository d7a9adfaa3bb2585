import '../../../../components/ui/tag-chip.css';
import './tag-chips.css';
import { memo } from 'react';
import { TagChip } from '../../../../components/ui/TagChip.tsx';
import type { LinkTag } from '../../../../lib/tags/link-tags.ts';

/**
 * A link's tags as chips, each with its name beside its colour (a colour never says anything
 * alone). Memoised by the tags list, which rows of the same link share: a row redrawn for a
 * search keystroke makes no chips again.
 */
export const TagChips = memo(function TagChips({ tags }: { tags: readonly LinkTag[] }) {
  if (tags.length === 0) return null;
  return (
    <span className="tag-chips link-tag-chips">
      {tags.map((tag) => (
        <TagChip key={tag.name} name={tag.name} color={tag.color} />
      ))}
    </span>
  );
});
