// Host permission for the API origin. The build's own origin is granted at install; any other is
// an optional permission the person grants at run time. Firefox lets them withdraw either.
import { browser } from 'wxt/browser';

/**
 * The match pattern that covers an API base URL. Without the port: Firefox refuses patterns with
 * one, and Chrome reads a pattern without one as every port.
 */
export function hostPermissionPattern(baseUrl: string): string {
  const url = new URL(baseUrl);
  return `${url.protocol}//${url.hostname}/*`;
}

export async function hasHostPermission(baseUrl: string): Promise<boolean> {
  return browser.permissions.contains({ origins: [hostPermissionPattern(baseUrl)] });
}

/**
 * Asks the browser (and, for a new origin, the person) for the permission. Call it before any
 * other await in a click handler: Firefox accepts the request only while it handles the click.
 */
export async function requestHostPermission(baseUrl: string): Promise<boolean> {
  return browser.permissions.request({ origins: [hostPermissionPattern(baseUrl)] });
}

/**
 * True at once when the page already knows the permission is granted; otherwise asks for it,
 * synchronously on call, so a click handler can still await this first.
 */
export async function ensureHostPermission(
  baseUrl: string,
  knownGranted: boolean | undefined,
): Promise<boolean> {
  return knownGranted === true || requestHostPermission(baseUrl);
}
