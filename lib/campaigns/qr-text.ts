// What a link's QR code holds. A service that counts scans apart (its contract names the redirect's
// QR_MARKER parameter, the same rule as the link options) is given the short URL with the marker, so
// that a scan is told from a click; any other service, the short URL alone, which it would
// otherwise take for another address or pass on. Only the code holds the marker: the text shown and
// copied stays the plain short URL.
import { QR_MARKER } from '../../contract/link-stats.ts';
import { offersQrScans, type ServiceOffer } from '../api/service-offer.ts';

export function qrCodeText(shortUrl: string, offer: ServiceOffer | undefined): string {
  if (!offersQrScans(offer)) return shortUrl;
  let url: URL;
  try {
    url = new URL(shortUrl);
  } catch {
    return shortUrl;
  }
  url.searchParams.set(QR_MARKER.name, QR_MARKER.value);
  return url.href;
}
