// The API's endpoints, written once: the 405 answers take their `Allow` header from this table
// (app.ts), the metrics their route label (ops/metrics.ts), the OpenAPI document its paths
// (openapi.ts). A route module answers them (app.ts mounts it); routes.test.ts checks, on one
// request path of each row, that a route of that row answers each of its methods, and that every
// route of the app is a row's. The health checks are apart (ops/health-routes.ts): probes for
// machines, answered before the limits and left out of the metrics and the document.

import { accountStats } from './openapi-account-stats.ts';
import { checkLink } from './openapi-health.ts';
import {
  createLink,
  type Describe,
  deleteLink,
  describeApi,
  linkParameters,
  listDomains,
  listLinks,
  retrieveLink,
  updateLink,
} from './openapi-operations.ts';
import { linkStats } from './openapi-stats.ts';
import {
  bulkEditLinks,
  createTag,
  deleteTag,
  listTags,
  tagParameters,
  updateTag,
} from './openapi-tags.ts';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

export type Endpoint = {
  /** The path as the OpenAPI document writes it, `{name}` for a parameter. */
  path: string;
  /** The request paths that are this endpoint. */
  pattern: RegExp;
  /** Its methods, in the order `Allow` lists them, each with its OpenAPI description. */
  methods: Partial<Record<Method, Describe>>;
  /** Its path parameters, in the OpenAPI document. */
  parameters?: Describe;
  /** Its `route` label in the metrics: never a link's own path. */
  label: string;
};

/** In the order a request path is matched: a narrower pattern before a wider one. */
export const API_ENDPOINTS: readonly Endpoint[] = [
  {
    path: '/v1/links',
    pattern: /^\/v1\/links$/,
    methods: { get: listLinks, post: createLink, patch: bulkEditLinks },
    label: '/v1/links',
  },
  {
    path: '/v1/links/{host}/{back_half}/stats',
    // As the link's own path (link-identity.ts): the slash may come as %2F.
    pattern: /^\/v1\/links\/(?:[^/]+\/[^/]+|[^/]+%2[Ff][^/]+)\/stats$/,
    methods: { get: linkStats },
    parameters: linkParameters,
    label: '/v1/links/:link/stats',
  },
  {
    path: '/v1/links/{host}/{back_half}/check',
    pattern: /^\/v1\/links\/(?:[^/]+\/[^/]+|[^/]+%2[Ff][^/]+)\/check$/,
    methods: { post: checkLink },
    parameters: linkParameters,
    label: '/v1/links/:link/check',
  },
  {
    path: '/v1/links/{host}/{back_half}',
    // The slash between host and back-half may come as %2F: one path segment, or two.
    pattern: /^\/v1\/links\/.+/,
    methods: { get: retrieveLink, put: updateLink, delete: deleteLink },
    parameters: linkParameters,
    label: '/v1/links/:link',
  },
  {
    path: '/v1/stats',
    pattern: /^\/v1\/stats$/,
    methods: { get: accountStats },
    label: '/v1/stats',
  },
  {
    path: '/v1/domains',
    pattern: /^\/v1\/domains$/,
    methods: { get: listDomains },
    label: '/v1/domains',
  },
  {
    path: '/v1/tags',
    pattern: /^\/v1\/tags$/,
    methods: { get: listTags, post: createTag },
    label: '/v1/tags',
  },
  {
    path: '/v1/tags/{id}',
    pattern: /^\/v1\/tags\/[^/]+$/,
    methods: { patch: updateTag, delete: deleteTag },
    parameters: tagParameters,
    label: '/v1/tags/:id',
  },
  {
    path: '/v1/openapi.json',
    pattern: /^\/v1\/openapi\.json$/,
    methods: { get: describeApi },
    label: '/v1/openapi.json',
  },
];

/** The endpoint a request path (without its query) is, if any. */
export function endpointOf(
  path: string,
  endpoints: readonly Endpoint[] = API_ENDPOINTS,
): Endpoint | undefined {
  return endpoints.find((endpoint) => endpoint.pattern.test(path));
}

/** The methods of the endpoint at a request path, as a 405's `Allow` header lists them. */
export function allowedMethods(path: string): string | undefined {
  const endpoint = endpointOf(path);
  return endpoint && Object.keys(endpoint.methods).join(', ').toUpperCase();
}
