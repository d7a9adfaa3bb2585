// The API: one Hono app composed of the capabilities' route modules, each mounted at its path.
// Redirects are not here: they are the hot path, in plain node:http (redirects.ts).
//
// To add an endpoint group: write <capability>/<name>-routes.ts exporting `<name>Routes(deps)` that
// returns a Hono app, mount it below (before `requireApiKey` when it is public), take its deps type
// into AppDeps and give each of its paths a row in the route table (http/routes.ts), which the
// 405 answers, the metrics and the OpenAPI document read.
import { Hono, type MiddlewareHandler } from 'hono';
import {
  type AccountEnv,
  type AddressLimitDeps,
  type ApiKeyDeps,
  limitByAddress,
  requireApiKey,
} from './accounts/auth.ts';
import { accountStatsRoutes } from './clicks/account-stats-routes.ts';
import { type StatsRouteDeps, statsRoutes } from './clicks/stats-routes.ts';
import { type CheckRouteDeps, checkRoutes } from './health-checks/check-routes.ts';
import { openApiDocument } from './http/openapi.ts';
import { answerError, answerNotFound } from './http/problems.ts';
import { refuseDotSegments } from './http/request-target.ts';
import { allowedMethods } from './http/routes.ts';
import { type DomainRouteDeps, domainRoutes } from './links/domains-routes.ts';
import { type LinkRouteDeps, linkRoutes } from './links/links-routes.ts';
import { createHealthRoutes, type HealthDeps } from './ops/health-routes.ts';
import { type BulkRouteDeps, bulkRoutes } from './tags/bulk-routes.ts';
import { type TagRouteDeps, tagRoutes } from './tags/tag-routes.ts';

export type AppDeps = HealthDeps &
  AddressLimitDeps &
  ApiKeyDeps &
  LinkRouteDeps &
  DomainRouteDeps &
  StatsRouteDeps &
  CheckRouteDeps &
  TagRouteDeps &
  BulkRouteDeps & {
    /** The query parameter by which a visitor opts out of the statistics (`--no-track-param`). */
    noTrackParam?: string;
  };

// Every API answer, errors included: never cached by a browser or proxy (it is one account's
// data), never sniffed into another type.
const noStore: MiddlewareHandler<AccountEnv> = async (c, next) => {
  c.env.outgoing.setHeader('Cache-Control', 'no-store');
  c.env.outgoing.setHeader('X-Content-Type-Options', 'nosniff');
  await next();
};

export function createApp(deps: AppDeps): Hono<AccountEnv> {
  const app = new Hono<AccountEnv>();
  app.use('*', noStore);
  app.use('*', refuseDotSegments);
  // Before the limits and the key: probes are asked every few seconds by machines.
  app.route('/v1/health', createHealthRoutes(deps));
  app.use('/v1/*', limitByAddress(deps));

  // Public: the description of the API tells a client how to send its key.
  const openApi = openApiDocument({
    shortHost: deps.domains.defaultHost,
    rateLimitPerMinute: deps.rateLimitPerMinute,
    addressRateLimitPerMinute: deps.addressRateLimitPerMinute,
    noTrackParam: deps.noTrackParam,
  });
  app.get('/v1/openapi.json', (c) => c.json(openApi));

  // Everything mounted below answers only a paid account's live key, within its limit.
  app.use('/v1/*', requireApiKey(deps));
  app.route('/v1/stats', accountStatsRoutes(deps));
  app.route('/v1/links', statsRoutes(deps));
  app.route('/v1/links', checkRoutes(deps));
  app.route('/v1/links', bulkRoutes(deps));
  app.route('/v1/links', linkRoutes(deps));
  app.route('/v1/tags', tagRoutes(deps));
  app.route('/v1/domains', domainRoutes(deps));

  app.notFound(answerNotFound(allowedMethods));
  app.onError(answerError(deps.logger));
  return app;
}
