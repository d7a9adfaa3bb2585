// Which addresses can be shortened: only web pages. A module of its own so that the popup's first
// script can tell without the shorten flow.

const SHORTENABLE_PROTOCOLS = new Set(['http:', 'https:']);

/** Why an address cannot be shortened; lib/wording/link-words.ts says it in a sentence. */
export type Unshortenable =
  | { code: 'noAddress' }
  | { code: 'notAnAddress' }
  | { code: 'file' }
  | { code: 'browserPage'; values: { scheme: string } };

/**
 * Why a tab's address cannot be shortened, or undefined when it can: only web pages. Browser
 * pages, files, extension pages (the PDF viewer among them) and data: addresses mean nothing to
 * anyone else.
 */
export function whyUnshortenable(address: string | undefined): Unshortenable | undefined {
  if (!address) return { code: 'noAddress' };
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return { code: 'notAnAddress' };
  }
  if (SHORTENABLE_PROTOCOLS.has(url.protocol)) return undefined;
  if (url.protocol === 'file:') return { code: 'file' };
  return { code: 'browserPage', values: { scheme: url.protocol.replace(/:$/, '') } };
}
