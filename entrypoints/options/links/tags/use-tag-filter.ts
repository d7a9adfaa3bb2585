import { useMemo, useState } from 'react';
import type { Link } from '../../../../lib/api/schemas.ts';
import type { ServiceOffer } from '../../../../lib/api/service-offer.ts';
import { offersTags, tagsOfLinks, withAllTags } from '../../../../lib/tags/link-tags.ts';

const NONE: ReadonlySet<string> = new Set();

/**
 * The Links list's "Tags" filter: the tags of the loaded links with their counts (no request), the
 * chosen ones (by key: a link must carry all of them), and `kept` narrowed to the links that do.
 * Nothing where the account's service does not offer tags. Changes only with the list or the
 * choice, never with a search keystroke.
 */
export function useTagFilter(
  all: readonly Link[],
  kept: readonly Link[],
  offer: ServiceOffer | undefined,
) {
  const offered = offersTags(offer);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(NONE);
  const tags = useMemo(() => (offered ? tagsOfLinks(all) : []), [all, offered]);
  const tagged = useMemo(
    () => (offered ? withAllTags(kept, chosen) : kept),
    [kept, chosen, offered],
  );
  return {
    /** Whether the service offers tags: the filter is shown only then. */
    offered,
    tags,
    chosen: offered ? chosen : NONE,
    setChosen,
    tagged,
  };
}

export type TagFilter = Omit<ReturnType<typeof useTagFilter>, 'tagged'>;
