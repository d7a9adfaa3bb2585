// A custom domain's fallbacks on the redirect path: an unknown back-half on it answers 302 to its
// not-found address, its bare root to its root address, each when the operator set one
// (`domain set`); otherwise the service's own page. They are read from the storage at each such
// request, never kept in memory: an unknown back-half reads the storage already, and so a change
// made by the command line holds at once on every instance and process, on either engine.
import type { ServerResponse } from 'node:http';
import { isIP } from 'node:net';
import {
  DEFAULT_DOMAIN,
  type DomainKey,
  type Storage,
  StorageUnavailable,
} from '../storage/storage.ts';

export type FallbackKind = 'notFound' | 'root';

export function createDomainFallbacks(store: Pick<Storage, 'domainFallbacks'>) {
  return {
    /**
     * Answers with the domain's fallback of this kind, or calls `otherwise` (synchronously where
     * no read is needed: the default domain, or an IP address, which is never a custom domain).
     */
    answer(
      res: ServerResponse,
      domain: DomainKey | undefined,
      kind: FallbackKind,
      otherwise: () => void,
    ): Promise<void> | undefined {
      if (
        domain === undefined ||
        domain === DEFAULT_DOMAIN ||
        isIP(domain.replace(/^\[|\]$/g, ''))
      ) {
        otherwise();
        return;
      }
      return store.domainFallbacks(domain).then(
        (fallbacks) => {
          const location = kind === 'root' ? fallbacks?.rootUrl : fallbacks?.notFoundUrl;
          if (!location) {
            otherwise();
            return;
          }
          res.writeHead(302, {
            Location: new URL(location).href,
            'Cache-Control': 'private, no-store',
            'Content-Length': 0,
          });
          res.end();
        },
        (error: unknown) => {
          // While the database is away the service's own page answers, as it did before fallbacks.
          if (!(error instanceof StorageUnavailable)) throw error;
          otherwise();
        },
      );
    },
  };
}

export type FallbackAnswers = ReturnType<typeof createDomainFallbacks>;
