// Which API and account something belongs to, without keeping the key itself.
export type Connection = { apiBaseUrl: string; apiKey: string };

/** An account as the data layer knows it: its id (which names its caches) and its connection. */
export type AccountRef = Connection & { id: string };

/** A tag for a connection: the base URL and a short hash of the key (not the key itself). */
export function connectionTag({ apiBaseUrl, apiKey }: Connection): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < apiKey.length; i++) {
    hash = Math.imul(hash ^ apiKey.charCodeAt(i), 0x01000193);
  }
  return `${apiBaseUrl}#${(hash >>> 0).toString(36)}`;
}
