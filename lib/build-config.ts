// Build-time settings of the extension, read by wxt.config.ts in Node.
import { isLoopbackHostname } from './contract-limits.ts';

export const LOCAL_API_BASE_URL = 'http://localhost:8787';

export function defaultApiBaseUrl(env: Record<string, string | undefined>): string {
  return env.WXT_API_BASE_URL?.trim() || LOCAL_API_BASE_URL;
}

/**
 * Host permissions for an API base URL. A loopback API gets every port, so the tests and a
 * local service on another port work with the same build.
 */
export function apiOriginPermissions(baseUrl: string): string[] {
  const url = new URL(baseUrl);
  if (isLoopbackHostname(url.hostname)) {
    return ['http://localhost/*', 'http://*.localhost/*', 'http://127.0.0.1/*', 'http://[::1]/*'];
  }
  return [`${url.protocol}//${url.hostname}/*`];
}
