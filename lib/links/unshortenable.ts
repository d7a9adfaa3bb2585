// Which addresses can be shortened: only web pages. A module of its own so that the popup's first
// script can tell without the shorten flow.

const SHORTENABLE_PROTOCOLS = new Set(['http:', 'https:']);

/**
 * Whether a tab's address can be shortened: only web pages. Browser pages, files, extension pages
 * (the PDF viewer among them) and data: addresses mean nothing to anyone else.
 */
export function unshortenableReason(address: string | undefined): string | undefined {
  if (!address) return 'This tab has no address to shorten.';
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return 'This tab has no web address to shorten.';
  }
  if (SHORTENABLE_PROTOCOLS.has(url.protocol)) return undefined;
  if (url.protocol === 'file:')
    return 'Files on this computer cannot be shortened: others cannot open them.';
  return `${url.protocol.replace(/:$/, '')}: pages belong to the browser and cannot be shortened.`;
}
