// Which addresses can be shortened: only web pages. A module of its own so that the popup's first
// script can tell without the shorten flow.

import { t } from '../i18n/t.ts';

const SHORTENABLE_PROTOCOLS = new Set(['http:', 'https:']);

/**
 * Whether a tab's address can be shortened: only web pages. Browser pages, files, extension pages
 * (the PDF viewer among them) and data: addresses mean nothing to anyone else.
 */
export function unshortenableReason(address: string | undefined): string | undefined {
  if (!address) return t('tabHasNoAddress');
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return t('tabHasNoWebAddress');
  }
  if (SHORTENABLE_PROTOCOLS.has(url.protocol)) return undefined;
  if (url.protocol === 'file:') return t('filesCannotBeShortened');
  return t('browserPagesCannotBeShortened', url.protocol.replace(/:$/, ''));
}
