// The route table (routes.ts) and the app (app.ts) agree: every method of every row is answered by
// a route of that row (the first route that matches the row's path, as Hono routes a request), and
// every route the app mounts is a row's, so the 405s, the metrics labels and the OpenAPI document,
// which read the table, describe what the app really answers.
import { describe, expect, it } from 'vitest';
import { type AppDeps, createApp } from '../app.ts';
import { HEALTH_PATH } from '../ops/health-routes.ts';
import { answerWrongMethod } from './problems.ts';
import { API_ENDPOINTS, type Endpoint, endpointOf } from './routes.ts';

type AppRoute = { method: string; path: string; handler?: unknown };

/** A Hono route path as a pattern: `:name` is one segment, a final `/*` the path or below it. */
function honoPathPattern(path: string): RegExp {
  const anyBelow = path.endsWith('/*');
  const source = (anyBelow ? path.slice(0, -2) : path)
    .split('/')
    .map((segment) =>
      segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return new RegExp(`^${source}${anyBelow ? '(?:/.*)?' : ''}$`);
}

/** A request path of an endpoint: its parameters filled in. */
const samplePath = (endpoint: Endpoint) => endpoint.path.replace(/\{[^}]+\}/g, 'x');

/** A request path a route answers: its parameters, and a final `/*`, filled in. */
const routeSample = (path: string) =>
  path
    .replace(/\/:[^/{]+\{[^}]*%2\[Ff\][^}]*\}/g, '/x%2Fx')
    .replace(/\/:[^/]+/g, '/x')
    .replace(/\/\*$/, '/x');

const methodsOf = (endpoint: Endpoint) =>
  Object.keys(endpoint.methods).map((method) => method.toUpperCase());

/**
 * The route that answers a request, as Hono routes it: the first the app registered that matches
 * its method and path. `routes` leaves out middleware, which passes every request on.
 */
const answeringRoute = (routes: readonly AppRoute[], method: string, path: string) =>
  routes.find((route) => route.method === method && honoPathPattern(route.path).test(path));

/** The row whose method a route answers: the row of its own request path, if it lists the method. */
function rowOf(route: AppRoute, endpoints: readonly Endpoint[]): Endpoint | undefined {
  if (route.handler === answerWrongMethod) return undefined;
  const endpoint = endpointOf(routeSample(route.path), endpoints);
  return endpoint && methodsOf(endpoint).includes(route.method) ? endpoint : undefined;
}

/** Every disagreement between the table and the app's routes, as a sentence. */
function routeTableProblems(endpoints: readonly Endpoint[], routes: readonly AppRoute[]): string[] {
  // Middleware is mounted for ALL methods.
  const registered = routes.filter((route) => route.method !== 'ALL');
  const problems: string[] = [];
  for (const endpoint of endpoints) {
    const sample = samplePath(endpoint);
    if (endpointOf(sample, endpoints) !== endpoint) {
      problems.push(
        `The route table's row ${endpoint.path} is not what its own path matches first: check its pattern, and put a narrower row before a wider one.`,
      );
      // Its routes cannot be told from those of the row that hides it.
      continue;
    }
    for (const method of methodsOf(endpoint)) {
      const route = answeringRoute(registered, method, sample);
      if (route === undefined) {
        problems.push(
          `The route table lists ${method} ${endpoint.path}, which the app does not answer: mount a route for it or take it out of the table.`,
        );
      } else if (rowOf(route, endpoints) !== endpoint) {
        problems.push(
          `The route table lists ${method} ${endpoint.path}, which the app answers with ${route.method} ${route.path}, a route that is not this row's: mount a route for it before that one.`,
        );
      }
    }
  }
  // The health checks are apart from the table; a route of wrong methods answers 405 from the
  // table, and is no row's.
  const listable = registered.filter(
    (route) => !route.path.startsWith(HEALTH_PATH) && route.handler !== answerWrongMethod,
  );
  for (const route of listable) {
    if (rowOf(route, endpoints) === undefined) {
      problems.push(
        `The app answers ${route.method} ${route.path}, which the route table does not list: give it a row in server/http/routes.ts (its 405s, metrics label and OpenAPI description come from there).`,
      );
    }
  }
  return problems;
}

/** The app's routes; its dependencies are only called by requests, except the schema version. */
const appRoutes = (): AppRoute[] =>
  createApp({
    store: { schemaVersion: async () => 1 },
    domains: { defaultHost: 'localhost:8787' },
    rateLimitPerMinute: 0,
    addressRateLimitPerMinute: 0,
  } as unknown as AppDeps).routes;

describe('the route table', () => {
  it('lists exactly what the app answers', () => {
    expect(routeTableProblems(API_ENDPOINTS, appRoutes())).toEqual([]);
  });

  it('catches a row the app does not answer, and a route of the app it does not list', () => {
    const folders: Endpoint = {
      path: '/v1/folders',
      pattern: /^\/v1\/folders$/,
      methods: { get: () => ({}) },
      label: '/v1/folders',
    };
    const problems = routeTableProblems(
      [...API_ENDPOINTS, folders],
      [...appRoutes(), { method: 'PATCH', path: '/v1/links/*' }],
    );
    expect(problems).toEqual([
      'The route table lists GET /v1/folders, which the app does not answer: mount a route for it or take it out of the table.',
      'The app answers PATCH /v1/links/*, which the route table does not list: give it a row in server/http/routes.ts (its 405s, metrics label and OpenAPI description come from there).',
    ]);
  });

  it("catches a row that another row's route answers", () => {
    const withoutStats = appRoutes().filter(
      (route) => !(route.path.startsWith('/v1/links/') && route.path.endsWith('/stats')),
    );
    expect(routeTableProblems(API_ENDPOINTS, withoutStats)).toEqual([
      "The route table lists GET /v1/links/{host}/{back_half}/stats, which the app answers with GET /v1/links/*, a route that is not this row's: mount a route for it before that one.",
    ]);
    const [links, ...rest] = API_ENDPOINTS as Endpoint[];
    const linksWithPut = { ...links, methods: { ...links?.methods, put: () => ({}) } } as Endpoint;
    expect(routeTableProblems([linksWithPut, ...rest], appRoutes())).toEqual([
      "The route table lists PUT /v1/links, which the app answers with PUT /v1/links, a route that is not this row's: mount a route for it before that one.",
    ]);
  });

  it('catches a row that a wider one before it hides', () => {
    const [links, stats, check, link, ...rest] = API_ENDPOINTS as Endpoint[];
    const reordered = [links, link, stats, check, ...rest] as Endpoint[];
    expect(routeTableProblems(reordered, appRoutes())).toEqual([
      expect.stringMatching(/^The route table's row \/v1\/links\/\{host\}\/\{back_half\}\/stats /),
      expect.stringMatching(/^The route table's row \/v1\/links\/\{host\}\/\{back_half\}\/check /),
      // Hidden, the check's row cannot claim its routes either: POST is no method of the link's row.
      expect.stringMatching(/^The app answers POST \/v1\/links\/:host\/:backHalf\/check, /),
      expect.stringMatching(/^The app answers POST \/v1\/links\/:link\{.+\}\/check, /),
    ]);
  });
});
