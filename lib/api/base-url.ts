// Where the API key may be sent: a module of its own so the settings can check an address without
// loading the HTTP client.
import { isLoopbackHostname } from '../../contract/limits.ts';
import { type ApiErrorReason, ownApiError } from './errors.ts';

/**
 * An address typed without its scheme (`localhost:8787`, `api.example.com/v1`) given the one the
 * address bar would: http:// for this computer, https:// for any other. Without this, URL parsing
 * reads `localhost:` as the scheme.
 */
export function withScheme(typed: string): string {
  const address = typed.trim();
  if (address === '' || /^[a-z][a-z\d+.-]*:\/\//i.test(address)) return address;
  const host = URL.parse(`http://${address}`)?.hostname;
  if (host === undefined) return address;
  return `${isLoopbackHostname(host) ? 'http' : 'https'}://${address}`;
}

/**
 * The API base URL, ending in "/", once it is safe to send the key to: HTTPS, or plain HTTP to
 * this computer only. Otherwise an ApiError of kind 'invalid_base_url'.
 */
export function checkBaseUrl(baseUrl: string): URL {
  const refuse = (reason: ApiErrorReason, values: string[] = []) =>
    ownApiError('invalid_base_url', reason, values);
  let url: URL;
  try {
    url = new URL(baseUrl.trim());
  } catch {
    throw refuse('baseUrlNotAddress', [baseUrl]);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw refuse('baseUrlScheme', [url.protocol]);
  }
  if (url.protocol === 'http:' && !isLoopbackHostname(url.hostname)) {
    throw refuse('baseUrlNotHttps', [url.host]);
  }
  if (url.username || url.password) {
    throw refuse('baseUrlCredentials');
  }
  url.search = '';
  url.hash = '';
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  return url;
}
