// The page's own icon as the QR code's logo. Only the popup has it: the person's click on the
// action grants activeTab, which shows the tab's `favIconUrl` and lets the popup fetch from the
// tab's origin, with no `tabs` or `favicon` permission. An icon on another origin (a CDN) is
// refused by its CORS rules unless that origin allows it; a browser page's icon is no web address.
import { LOGO_MAX_BYTES } from '../../lib/campaigns/qr-style.ts';

/** The page the popup shortens, whose icon can be the logo; `url` is its `favIconUrl`, if any. */
export type SiteIcon = { url?: string };

/** The icon's bytes, or a rejection when the page has none or it cannot be read as an image. */
export async function fetchSiteIcon(iconUrl: string | undefined): Promise<Blob> {
  const scheme = iconUrl ? URL.parse(iconUrl)?.protocol : undefined;
  if (!iconUrl || !(scheme === 'https:' || scheme === 'http:' || scheme === 'data:')) {
    throw new Error('The page has no icon the extension can read.');
  }
  const response = await fetch(iconUrl, { credentials: 'omit' });
  if (!response.ok) throw new Error(`The icon answered ${response.status}.`);
  const icon = await response.blob();
  if (!icon.type.startsWith('image/') || icon.size === 0 || icon.size > LOGO_MAX_BYTES) {
    throw new Error('The icon is not an image of at most 1 MB.');
  }
  return icon;
}
