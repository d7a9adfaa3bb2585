// The tabs "Shorten all tabs" leaves out, named briefly (their title, else their host), so that the
// person sees which ones without a list.

import { plural, t } from '../../lib/i18n/t.ts';
import { displayHost } from '../../lib/links/display-host.ts';
import { pageOfTab } from '../../lib/page-link/shorten.ts';

/** Names shown before "and N more". */
const NAMES_SHOWN = 3;
/** A name longer than this is cut with "…". */
const NAME_MAX_CHARACTERS = 32;

type TabLike = { url?: string; pendingUrl?: string; title?: string };

function nameOf(tab: TabLike): string {
  const { url, title } = pageOfTab(tab);
  let name = title;
  if (!name && url) {
    try {
      const parsed = new URL(url);
      name = parsed.hostname ? displayHost(parsed.hostname) : url;
    } catch {
      name = url;
    }
  }
  if (!name) return t('leftOutEmptyTab');
  const characters = [...name];
  const cut =
    characters.length > NAME_MAX_CHARACTERS
      ? `${characters.slice(0, NAME_MAX_CHARACTERS - 1).join('')}…`
      : name;
  // Quoted: a title may hold commas of its own.
  return t('leftOutQuoted', cut);
}

/** The tabs whose address is not among the pages shortened: the ones left out, by name. */
export function leftOutTabs(
  tabs: readonly TabLike[],
  shortenedUrls: readonly string[],
): { count: number; named: string } {
  const shortened = new Set(shortenedUrls);
  const names = tabs
    .filter((tab) => {
      const { url } = pageOfTab(tab);
      return !url || !shortened.has(url);
    })
    .map(nameOf);
  const shown = names.slice(0, NAMES_SHOWN);
  const rest = names.length - shown.length;
  const comma = t('listComma');
  const named =
    rest > 0
      ? plural('listAndMore', rest, shown.join(comma))
      : shown.length > 1
        ? t('listTwo', shown.slice(0, -1).join(comma), shown.at(-1) ?? '')
        : (shown[0] ?? '');
  return { count: names.length, named };
}
