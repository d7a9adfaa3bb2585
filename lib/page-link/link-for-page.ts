// "A link for this page": the one use case behind the popup, the context menu, the keyboard
// command, one click and "Shorten all tabs". The address loses its tracking parameters (when the
// preference says so); the page's own short link, or the account's links to the page (cleaned or
// as it was), are found; one is reused, the person is asked (the popup), or a new link is made.

import { openAccount } from '../account/account.ts';
import { isApiError } from '../api/errors.ts';
import type { LifecycleChange } from '../api/link-lifecycle.ts';
import type { Link } from '../api/schemas.ts';
import { findOrCreate } from '../bulk/lost-answer.ts';
import { indexLinks } from '../links/link-index.ts';
import { defaultShortHost, shortLinkOfAccount } from '../links/short-link-of-account.ts';
import type { AccountSettings } from '../settings/settings.ts';
import { checkCanAsk, shorten } from './shorten.ts';

/**
 * The account's links to any of these addresses: in the background its account's index
 * (links-upkeep.ts `linksOfAccount`), in a page the same index asked by message
 * (`requestLinksForPage`).
 */
export type LinksSource = (addresses: readonly string[]) => Promise<Link[]>;

export type FindOptions = {
  account: AccountSettings;
  /** The preference "Remove tracking parameters". */
  removeTracking: boolean;
  linksTo: LinksSource;
  /** The account's custom domains, to know its short links; read from its cache when not given. */
  customDomains?: readonly string[];
  /**
   * The address is a destination as the person made it (a campaign's, with its utm_* values): it
   * is kept whole, whatever `removeTracking` says, only links to exactly it are reused, and it is
   * not taken for one of the account's short links (tagging one is refused by the service).
   */
  exactDestination?: boolean;
};

export type PageLinks = {
  /** The page's address, as it was asked about. */
  pageUrl: string;
  /** The page's address as it will be shortened: without tracking parameters when asked. */
  destination: string;
  /** Tracking parameters taken out of `destination`. */
  removed: string[];
  /** The account's links to this page (with or without its tracking parameters). */
  existing: Link[];
  /** The account's own short link that this page is, retrieved with its clicks. */
  selfLink?: Link;
  /**
   * The page is an address of the account's short domains that no link of the account has (the
   * service's "Link not found" page): shortening it would loop, and the service refuses it.
   */
  noLink?: true;
};

/** findOwnLink's answer for an address of the account's short domains that the service does not know. */
const NO_LINK = 'no link';

export type PageLink = {
  link: Link;
  /** A link the account had before (the page's own, or one leading to it), not a new one. */
  reused: boolean;
  /** Tracking parameters taken out of the address before it was shortened. */
  removed: string[];
};

/** The address to shorten and the tracking parameters taken out of it. */
export async function cleanAddress(
  address: string,
  removeTracking: boolean,
): Promise<{ url: string; removed: string[] }> {
  if (!removeTracking) return { url: address, removed: [] };
  // Loaded on demand: the popup's first script does without the list of parameters.
  const { removeTrackingParameters } = await import('../links/tracking-parameters.ts');
  return removeTrackingParameters(address);
}

const customDomainsOf = async ({ account, customDomains }: FindOptions) =>
  customDomains ??
  (
    (
      await openAccount(account)
        .cachedDomains()
        .catch(() => undefined)
    )?.value ?? []
  ).map((domain) => domain.domain);

/** The account's short link that this address is, as the service has it now; else undefined. */
async function findOwnLink(
  address: string,
  options: FindOptions,
): Promise<Link | typeof NO_LINK | undefined> {
  const customDomains = await customDomainsOf(options);
  const hosts = {
    defaultShortHost: defaultShortHost(options.account.apiBaseUrl, [], customDomains),
    customDomains,
  };
  const candidate = shortLinkOfAccount(address, hosts);
  if (!candidate) return undefined;
  try {
    return await openAccount(options.account).getLink(candidate.id);
  } catch (error) {
    if (isApiError(error) && error.kind === 'not_found') return NO_LINK;
    // Unreachable, or not the account's service after all: the page is shortened as any other.
    return undefined;
  }
}

/**
 * What the account has for a page: its address cleaned, and the page's own short link or else
 * the account's links to it (one question for both forms of the address).
 */
export async function findPageLinks(pageUrl: string, options: FindOptions): Promise<PageLinks> {
  const exact = options.exactDestination === true;
  const [cleaned, own] = await Promise.all([
    cleanAddress(pageUrl, options.removeTracking && !exact),
    exact ? undefined : findOwnLink(pageUrl, options),
  ]);
  const selfLink = own === NO_LINK ? undefined : own;
  const addresses = cleaned.url === pageUrl ? [pageUrl] : [cleaned.url, pageUrl];
  const existing = own ? [] : await options.linksTo(addresses).catch(() => []);
  return {
    pageUrl,
    destination: cleaned.url,
    removed: cleaned.removed,
    existing,
    selfLink,
    ...(own === NO_LINK && { noLink: true }),
  };
}

/** What a new link is made with, when one is made. */
type MakeOptions = {
  account: AccountSettings;
  domain?: string;
  /** The back-half asked for, when a new link is made. */
  backHalf?: string;
  /** When a new link ends (the popup's "Link options"), where its service offers it. */
  lifecycle?: LifecycleChange;
  /** The tags of a new link (the popup's "Tags"), where its service offers them. */
  tags?: string[];
  /** The domain of a new link is remembered as the account's last choice (the popup's form). */
  rememberDomain?: boolean;
  signal?: AbortSignal;
};

export type LinkOptions = FindOptions &
  MakeOptions & {
    /** A link the account has to the page is given (the page's own short link always is). */
    reuse: boolean;
  };

/**
 * The popup's Shorten: the person sees what the account has for their page and chooses. The page
 * is the form's: its address and title as typed (the tracking parameters already taken out, or
 * kept on request), and a new link is made of them as they are.
 */
export type AskOptions = MakeOptions & {
  reuse: 'ask';
  /** What the account has for the page the popup opened on, asked as it opened. */
  found: Promise<PageLinks>;
  /** Whether the person has been shown `found`: their Shorten then asks for another link. */
  shown: boolean;
};

/** No link made: what the account has for the page, for the person to see first. */
export type PageQuestion = { ask: PageLinks };

/**
 * The rule about what the account already has for a page, whoever asks. The page's own short link
 * is given as it is (a link to it would loop, and the service refuses it); a link to the page when
 * `reuse` is on. With `'ask'`, anything it has is shown to the person before a link is made: the
 * page's own short link, its links to the page, or that the page is a short address without one.
 */
function existingAnswer(found: PageLinks, reuse: boolean): Link | undefined;
function existingAnswer(found: PageLinks, reuse: 'ask'): PageQuestion | undefined;
function existingAnswer(found: PageLinks, reuse: boolean | 'ask') {
  if (reuse !== 'ask') return found.selfLink ?? (reuse ? found.existing[0] : undefined);
  const hasAny = found.selfLink !== undefined || found.existing.length > 0 || found.noLink;
  return hasAny ? { ask: found } : undefined;
}

const makeLink = (destinationUrl: string, title: string | undefined, options: MakeOptions) =>
  shorten(
    {
      destinationUrl,
      title,
      domain: options.domain,
      backHalf: options.backHalf,
      ...options.lifecycle,
      tags: options.tags,
    },
    { account: options.account, signal: options.signal, rememberDomain: options.rememberDomain },
  );

/**
 * A link for the page, as the menu, the shortcut, one click, "Shorten all tabs" and a campaign's
 * links give it: the page's own short link when it is one; the account's link to it when `reuse`
 * is on and it has one; else a new link to the cleaned address, on `domain`. With `reuse: 'ask'`
 * (the popup), see AskOptions: a question instead of a link while the person has not seen what
 * the account has for the page.
 */
export function linkForPage(
  page: { url: string; title?: string },
  options: LinkOptions,
): Promise<PageLink>;
export function linkForPage(
  page: { url: string; title?: string },
  options: AskOptions,
): Promise<PageLink | PageQuestion>;
export async function linkForPage(
  page: { url: string; title?: string },
  options: LinkOptions | AskOptions,
): Promise<PageLink | PageQuestion> {
  // Said at once: else the lookup below would first wait on requests that cannot be answered.
  await checkCanAsk(options.account);
  if (options.reuse === 'ask') {
    const found = options.shown ? undefined : await options.found;
    // What was found is about the page the popup opened on; another address typed is another page.
    const ofPage = found && [found.pageUrl, found.destination].includes(page.url);
    const question = ofPage ? existingAnswer(found, 'ask') : undefined;
    if (question) return question;
    return { link: await makeLink(page.url, page.title, options), reused: false, removed: [] };
  }
  // Without reuse, the account's links are not asked for; the page's own short link still is
  // (a link to it would loop, and the service refuses it).
  const linksTo: LinksSource = options.reuse ? options.linksTo : async () => [];
  const found = await findPageLinks(page.url, { ...options, linksTo });
  const { value: link, found: reused } = await findOrCreate(
    true,
    async () => existingAnswer(found, options.reuse),
    () => makeLink(found.destination, page.title, options),
  );
  return { link, reused, removed: found.removed };
}

/**
 * Many pages' links asked in one question ("Shorten all tabs"), as a source each page's lookup
 * reads locally; links made meanwhile are added to it, so two tabs of one page share a link.
 */
export async function askOnce(
  pageUrls: readonly string[],
  options: Pick<FindOptions, 'removeTracking' | 'linksTo'>,
): Promise<LinksSource & { add(link: Link): void }> {
  const cleaned = await Promise.all(
    pageUrls.map((url) => cleanAddress(url, options.removeTracking)),
  );
  const addresses = [...new Set(cleaned.flatMap(({ url }, at) => [url, pageUrls[at] as string]))];
  const known = addresses.length > 0 ? await options.linksTo(addresses).catch(() => []) : [];
  let index = indexLinks(known);
  const source = async (asked: readonly string[]) => index.linksTo(asked);
  return Object.assign(source, {
    add(link: Link) {
      known.unshift(link);
      index = indexLinks(known, index);
    },
  });
}
