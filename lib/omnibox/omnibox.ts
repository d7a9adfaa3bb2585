// `sl` in the address bar: `sl <words>` suggests the account's links that match every word (title,
// short URL, destination); Enter opens the chosen link's destination; `sl <address>` shortens the
// address as the context menu does. Plain functions over what they are given: the background wires
// them to browser.omnibox, and the tests call them as the browser would.
import type { Link } from '../api/schemas.ts';

export const MAX_SUGGESTIONS = 6;

/** How the browser asks the page to be opened (Chrome and Firefox name them alike). */
export type Disposition = 'currentTab' | 'newForegroundTab' | 'newBackgroundTab';

export type Suggestion = { content: string; description: string };

/**
 * Whether XML 1.0 allows a code point in text: not the C0 controls but tab, LF and CR, not a lone
 * surrogate, not U+FFFE or U+FFFF. One of them in a description and Chrome drops it as malformed.
 */
const isXmlChar = (code: number) =>
  code === 0x9 ||
  code === 0xa ||
  code === 0xd ||
  (code >= 0x20 && code <= 0xd7ff) ||
  (code >= 0xe000 && code <= 0xfffd) ||
  code >= 0x10000;

/**
 * Chrome reads a suggestion's description as XML (`<match>`, `<url>`, `<dim>`): text must be
 * escaped, and what XML cannot hold at all left out.
 */
export function escapeXml(text: string): string {
  let allowed = '';
  // By code point: a pair of surrogates is one character, a lone one is left out.
  for (const char of text) {
    if (isXmlChar(char.codePointAt(0) ?? 0)) allowed += char;
  }
  return allowed
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

const wordsOf = (text: string) => text.toLowerCase().split(/\s+/).filter(Boolean);

/** The links every word is found in (title, short URL or destination), newest first as given. */
export function matchingLinks(links: readonly Link[], text: string, max = MAX_SUGGESTIONS): Link[] {
  const words = wordsOf(text);
  if (words.length === 0) return [];
  const found: Link[] = [];
  for (const link of links) {
    const haystack = `${link.title}\n${link.shortUrl}\n${link.destinationUrl}`.toLowerCase();
    if (words.every((word) => haystack.includes(word))) found.push(link);
    if (found.length === max) break;
  }
  return found;
}

/**
 * The suggestions for what was typed: the short URL as what Enter receives, and a description of
 * title, short URL and destination. Chrome draws markup and needs it escaped; Firefox shows the
 * description as plain text.
 */
export function suggestionsFor(
  links: readonly Link[],
  text: string,
  { markup }: { markup: boolean },
): Suggestion[] {
  return matchingLinks(links, text).map((link) => {
    const title = link.title || link.shortUrl;
    return {
      content: link.shortUrl,
      description: markup
        ? `${escapeXml(title)} <url>${escapeXml(link.shortUrl)}</url> <dim>→ ${escapeXml(link.destinationUrl)}</dim>`
        : `${title} — ${link.shortUrl} → ${link.destinationUrl}`,
    };
  });
}

export type OmniboxDeps = {
  /** The account's links, as the background's cache knows them. */
  links(): Promise<readonly Link[]>;
  open(url: string, disposition: Disposition): Promise<void>;
  /** The context menu's flow: shorten, copy, notify. */
  shorten(url: string): Promise<unknown>;
  /** Opens the options page's Links searched for `text`. */
  showInLinks(text: string, disposition: Disposition): Promise<void>;
};

/** The query parameter of the options page that fills the Links search: `options.html?search=…`. */
export const LINKS_SEARCH_PARAM = 'search';

export type OmniboxEntered =
  | { action: 'opened'; url: string }
  | { action: 'shortened'; outcome: unknown }
  | { action: 'shown in links'; shortUrl: string }
  | { action: 'nothing' };

const isWebAddress = (text: string): boolean => {
  const url = URL.parse(text);
  return url !== null && (url.protocol === 'http:' || url.protocol === 'https:');
};

/**
 * Enter: a suggestion chosen (its short URL) or words typed opens the destination of that link
 * (of the first match); an address that is none of the account's short links is shortened.
 * A destination that is not http(s) (a `javascript:`, `data:`, `file:` or `chrome:` address from
 * a service we do not control) is never opened: the link is shown in the options page's Links
 * instead, where the person sees what it leads to and can edit or delete it, rather than Enter
 * seeming to do nothing.
 */
export async function omniboxEntered(
  text: string,
  disposition: Disposition,
  deps: OmniboxDeps,
): Promise<OmniboxEntered> {
  const typed = text.trim();
  const links = await deps.links();
  const chosen =
    links.find((link) => link.shortUrl === typed) ??
    (isWebAddress(typed) ? undefined : matchingLinks(links, typed, 1)[0]);
  if (chosen && !isWebAddress(chosen.destinationUrl)) {
    await deps.showInLinks(chosen.shortUrl, disposition);
    return { action: 'shown in links', shortUrl: chosen.shortUrl };
  }
  if (chosen) {
    await deps.open(chosen.destinationUrl, disposition);
    return { action: 'opened', url: chosen.destinationUrl };
  }
  if (isWebAddress(typed)) return { action: 'shortened', outcome: await deps.shorten(typed) };
  return { action: 'nothing' };
}
