// /v1/domains: the custom domains an account has added (the command line adds them).
import { Hono } from 'hono';
import type { AccountEnv } from '../accounts/auth.ts';
import { isoOffset } from '../lists/list-json.ts';
import type { Storage } from '../storage/storage.ts';

export type DomainRouteDeps = { store: Storage };

/** Mounted at /v1/domains, behind requireApiKey. */
export function domainRoutes({ store }: DomainRouteDeps): Hono<AccountEnv> {
  const domains = new Hono<AccountEnv>();

  domains.get('/', async (c) =>
    c.json({
      success: true,
      domains: (await store.domainsOf(c.get('owner').accountId)).map(({ host, createdAt }) => {
        const [subdomain = '', ...rest] = host.split('.');
        return {
          domain: host,
          subdomain,
          root_domain: rest.join('.'),
          created_at: isoOffset(createdAt),
        };
      }),
    }),
  );

  return domains;
}
