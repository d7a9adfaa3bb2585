// POST /v1/links/<domain>/<back_half>/check: one link's destination checked now, at most once a
// minute per link (whoever asks, on whichever instance: the time asked is stored with the link).
import { type Context, Hono } from 'hono';
import { ErrorCode } from '../../contract/limits.ts';
import type { DestinationCheckAnswerJson } from '../../contract/link-health.ts';
import type { AccountEnv } from '../accounts/auth.ts';
import { HttpProblem } from '../http/problems.ts';
import type { Clock } from '../shared/clock.ts';
import { destinationHealthFields } from '../shared/destination-json.ts';
import { linkIdentityOf } from '../shared/link-identity.ts';
import type { ShortDomains } from '../shared/short-domain.ts';
import type { DestinationChecker } from './destination-checker.ts';

export type CheckRouteDeps = { checker: DestinationChecker; domains: ShortDomains; clock: Clock };

/** Mounted at /v1/links before linkRoutes (whose `/*` would take the path), behind requireApiKey. */
export function checkRoutes({ checker, domains, clock }: CheckRouteDeps): Hono<AccountEnv> {
  const routes = new Hono<AccountEnv>();
  const linkNotFound = () => new HttpProblem(ErrorCode.notFound, 'No link with this short URL.');

  const checkNow = async (c: Context<AccountEnv>) => {
    const identity = linkIdentityOf(c.req.url, domains, '/check');
    if (!identity) throw linkNotFound();
    const { domain, backHalf } = identity;
    const checked = await checker.checkNow(c.get('owner').accountId, domain, backHalf);
    if (!checked) throw linkNotFound();
    if ('retryAt' in checked) {
      const seconds = Math.max(1, Math.ceil((checked.retryAt - clock.now()) / 1000));
      throw new HttpProblem(
        ErrorCode.checkedRecently,
        `This link's destination was checked less than a minute ago or is being checked now: ask again in ${seconds} s.`,
        { headers: { 'Retry-After': String(seconds) } },
      );
    }
    const { link } = checked;
    const answer: DestinationCheckAnswerJson = {
      success: true,
      short_url: domains.shortUrl(link.domain, link.backHalf),
      destination_url: link.destinationUrl,
      ...destinationHealthFields(link),
    };
    return c.json(answer);
  };
  routes.post('/:host/:backHalf/check', checkNow);
  // The identifier in one segment, its slash sent as %2F (as the statistics take it).
  routes.post('/:link{.+%2[Ff].+}/check', checkNow);
  return routes;
}
