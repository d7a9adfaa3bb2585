// Build-time settings of the extension, read by wxt.config.ts in Node and by the pages.
import { isLoopbackHostname } from '../../contract/limits.ts';

export const LOCAL_API_BASE_URL = 'http://localhost:8787';

/**
 * The API base URL a fresh install starts with: the build's WXT_API_BASE_URL; else, in a
 * development build, the local reference service (`npm start`); else none, and the person enters
 * the address of their service.
 */
export function defaultApiBaseUrl(
  env: { WXT_API_BASE_URL?: string | undefined },
  development: boolean,
): string {
  return env.WXT_API_BASE_URL?.trim() || (development ? LOCAL_API_BASE_URL : '');
}

/**
 * The API whose origin the manifest grants: the build's default, else the local reference service,
 * so that a service on this computer (the browser tests', a self-hosted one) needs no prompt.
 */
export function grantedApiBaseUrl(env: { WXT_API_BASE_URL?: string | undefined }): string {
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
