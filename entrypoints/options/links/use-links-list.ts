import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import type { Account } from '../../../lib/account/account.ts';
import type { ListSnapshot } from '../../../lib/account/snapshot.ts';
import type { Link } from '../../../lib/api/schemas.ts';
import type { ServiceOffer } from '../../../lib/api/service-offer.ts';
import type { BrowserCheck } from '../../../lib/health/browser-checks.ts';
import { LINKS_SEARCH_PARAM } from '../../../lib/omnibox/omnibox.ts';
import {
  type LinkSort,
  linkSearch,
  prepareSearchTexts,
  type SearchTexts,
  shortUrlHosts,
  sortLinks,
} from './link-list.ts';
import { listCountText } from './links-view.ts';
import { keptBy, offeredFilters } from './show-filters.ts';
import { useTagFilter } from './tags/use-tag-filter.ts';
import { useRecentClicks } from './use-recent-clicks.ts';

// Idle time only: none while the list scrolls, which then goes first.
const untilIdle = (): Promise<void> =>
  new Promise((resolve) => requestIdleCallback(() => resolve()));

/**
 * The Links list as the section shows it: the account's links without those waiting for their
 * deletion (`hidden`), then searched, narrowed to one short domain, to the "Show" menu's state
 * (show-filters.ts) and to the chosen tags (tags/use-tag-filter.ts), and sorted as chosen.
 */
export function useLinksList(
  account: Account,
  list: ListSnapshot<Link[]>,
  hidden: ReadonlySet<string>,
  offer: ServiceOffer | undefined,
  browserChecks?: ReadonlyMap<string, BrowserCheck>,
) {
  const { value: links, fetchedAt } = list;
  // `sl` in the address bar sends a link it will not open here, searched for (lib/omnibox); the
  // address then forgets the search, so that coming back to Links or reloading starts afresh.
  const [query, setQuery] = useState(
    () => new URLSearchParams(location.search).get(LINKS_SEARCH_PARAM) ?? '',
  );
  useEffect(() => {
    if (new URLSearchParams(location.search).has(LINKS_SEARCH_PARAM)) {
      history.replaceState(history.state, '', location.pathname + location.hash);
    }
  }, []);
  const [sort, setSort] = useState<LinkSort>('newest');
  const [host, setHost] = useState('');
  const [show, setShow] = useState('');

  // The links whose deletion waits for its "Undo" time are out of the list meanwhile.
  const all = useMemo(
    () =>
      links && hidden.size > 0 ? links.filter((link) => !hidden.has(link.shortUrl)) : (links ?? []),
    [links, hidden],
  );
  // The search texts of this list, worked out in idle time once it is shown, never ahead of it;
  // a link the list before held keeps its text.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each list has texts of its own.
  const texts = useMemo((): SearchTexts => new Map(), [all]);
  const earlierTexts = useRef<SearchTexts>(undefined);
  useEffect(() => {
    let stopped = false;
    const earlier = earlierTexts.current;
    earlierTexts.current = texts;
    void prepareSearchTexts(all, texts, untilIdle, () => stopped, { earlier });
    return () => {
      stopped = true;
    };
  }, [all, texts]);
  // What only the toolbar's menus read (the domains, the "Show" counts, the tags) follows the
  // list a render later: at 20,000 links it was a third of the render that draws the first rows.
  const settledAll = useDeferredValue(all);
  const hosts = useMemo(() => shortUrlHosts(settledAll), [settledAll]);
  const recent = useRecentClicks(account, sort === 'trending', all, fetchedAt);
  // Read when the list changes, not on every render: a new time would draw every row again on
  // each keystroke of a search. "2 minutes ago" may lag a little behind the clock meanwhile.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the list is when to read the clock.
  const now = useMemo(() => Date.now(), [all]);
  const context = useMemo(() => ({ offer, now, browserChecks }), [offer, now, browserChecks]);
  const settledContext = useDeferredValue(context);
  const filters = useMemo(
    () => offeredFilters(settledAll, settledContext),
    [settledAll, settledContext],
  );
  const sorted = useMemo(() => sortLinks(all, sort, recent), [all, sort, recent]);
  const kept = useMemo(() => keptBy(sorted, show, context), [sorted, show, context]);
  const { tagged, ...tags } = useTagFilter(settledAll, kept, offer);
  // The search narrows from its last answer while the list before it stays the same. It answers in
  // the keystroke's own render: a deferred query drew the section twice a key, with a frame
  // between, for a search of 1 ms or less (a trace at 20,000 links: 18 ms of work a key, 15 without).
  const search = useMemo(() => linkSearch(tagged, texts), [tagged, texts]);
  const shown = useMemo(() => search(query, host), [search, query, host]);
  // Written again only when the list or the number shown changes, not at every drawing of the
  // section (the menus' lists settling a render later, a dialog, the refresh's state).
  const countText = useMemo(
    () => listCountText(!links || links === all ? list : { ...list, value: all }, shown.length),
    [list, links, all, shown.length],
  );

  return {
    /** The links that are there (`list.value`, less the hidden), in the service's order. */
    all,
    /** The links as the rows show them. */
    shown,
    /** The short domains of `all`, for the domain filter. */
    hosts,
    /** What the rows count their time from. */
    now,
    /** "3 links", "1 of 3 links", "Loading links… 60 of 20,000". */
    countText,
    query,
    setQuery,
    sort,
    setSort,
    host,
    setHost,
    /** The "Show" menu's entries this account's service offers, with their counts. */
    filters,
    /** The "Show" menu's choice: a filter's id, or "" for all links. */
    show,
    setShow,
    /** The "Tags" filter: the loaded links' tags and the chosen ones (tags/use-tag-filter.ts). */
    tags,
  };
}

export type LinksList = ReturnType<typeof useLinksList>;
