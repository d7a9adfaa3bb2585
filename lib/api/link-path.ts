// A link's identifier in the service's paths (`/v1/links/{domain}/{back_half}`), from its short URL.
import { ownApiError } from './errors.ts';

/**
 * A link's identifier in paths: its short URL without the scheme, the host (and port) as the
 * service wrote it, a literal slash, and the back-half percent-encoded exactly once.
 */
export function linkPath(shortUrl: string): string {
  const withoutScheme = shortUrl.trim().replace(/^[a-z][a-z0-9+.-]*:\/\//i, '');
  const [hostAndPath = ''] = withoutScheme.split(/[?#]/);
  const slash = hostAndPath.indexOf('/');
  const host = slash === -1 ? hostAndPath : hostAndPath.slice(0, slash);
  const rawBackHalf = slash === -1 ? '' : hostAndPath.slice(slash + 1).replace(/\/+$/, '');
  let backHalf = rawBackHalf;
  try {
    backHalf = decodeURIComponent(rawBackHalf);
  } catch {}
  // URLs resolve "." and ".." (even encoded) as path steps, which would address another resource.
  if (!host || !backHalf || backHalf === '.' || backHalf === '..') {
    throw ownApiError('invalid_input', 'notAShortLink', [shortUrl], { field: 'short_url' });
  }
  const encodedHost = encodeURIComponent(host)
    .replace(/%3A/gi, ':')
    .replace(/%5[BD]/gi, (code) => (code.toUpperCase() === '%5B' ? '[' : ']'));
  return `${encodedHost}/${encodeURIComponent(backHalf)}`;
}
