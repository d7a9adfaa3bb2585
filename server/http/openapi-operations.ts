// What each operation of the API answers, as the OpenAPI document (openapi.ts) describes it: the
// route table (routes.ts) names one of these for each method of each path.
import { BACK_HALF_PATTERN, ErrorCode, MAX_REQUEST_BODY_BYTES } from '../../contract/limits.ts';
import { LINK_HOST_PATTERN } from '../../contract/wire.ts';
import { createShortDomains } from '../shared/short-domain.ts';
import { DEFAULT_DOMAIN } from '../storage/storage.ts';
import { destinationStatusParameter, EXAMPLE_HEALTH } from './openapi-health.ts';
import { json, pattern, ref } from './openapi-schemas.ts';
import { tagFilter } from './openapi-tags.ts';

export type DocumentOptions = {
  /** The default short domain's host, for the examples (`localhost:8787` when not given). */
  shortHost?: string;
  rateLimitPerMinute: number;
  addressRateLimitPerMinute: number;
  /** The query parameter by which a visitor opts out of the statistics (`--no-track-param`). */
  noTrackParam?: string;
};

const RETRY_AFTER = {
  'Retry-After': {
    description: 'Seconds to wait before trying again.',
    schema: { type: 'integer', minimum: 1 },
  },
};

/** The error answers, each with the error body; `code` names the case. */
function problem(description: string, headers?: object) {
  return { description, content: json(ref('Error')), ...(headers ? { headers } : {}) };
}

const tooLarge = () => problem(`The body is over ${MAX_REQUEST_BODY_BYTES / 1024} KiB.`);

/** What the operations' descriptions share: the examples, the limits and the common errors. */
export function operationContext(options: DocumentOptions) {
  const shortHost = options.shortHost ?? 'localhost:8787';
  const exampleLink = {
    short_url: createShortDomains(shortHost).shortUrl(DEFAULT_DOMAIN, 'docs-2026'),
    destination_url: 'https://example.com/docs',
    clicks: 3,
    created_at: '2026-11-26T09:30:00.000Z',
    title: 'Docs',
    expires_at: null,
    max_clicks: null,
    expired_url: null,
    password_protected: false,
    ...EXAMPLE_HEALTH,
    tags: [],
  };
  const limits = [
    options.rateLimitPerMinute > 0
      ? `${options.rateLimitPerMinute} requests a minute per account (all its keys together)`
      : 'no limit per account',
    options.addressRateLimitPerMinute > 0
      ? `${options.addressRateLimitPerMinute} a minute per client address, counted before the key is looked at`
      : 'no limit per address',
  ].join('; ');
  const common = {
    '400': problem(
      `Bad input: ${[ErrorCode.invalidJson, ErrorCode.invalidBody, ErrorCode.missingField, ErrorCode.unknownField, ErrorCode.invalidField, ErrorCode.unknownDomain, ErrorCode.blockedDestination, ErrorCode.invalidPath].join(', ')}; \`field\` names the input at fault; \`invalid_path\` is a path with \`.\` or \`..\` segments.`,
    ),
    '401': problem('No key, a malformed, unknown or revoked key (`unauthorized`).', {
      'WWW-Authenticate': { schema: { type: 'string' } },
    }),
    '403': problem('The account is not on a paid plan (`paid_plan_required`).'),
    '429': problem(`Too many requests (\`rate_limited\`): ${limits}.`, RETRY_AFTER),
    '500': problem('A fault of the service (`internal_error`); the detail is only in its log.'),
    '503': problem('The database cannot store the change now; nothing was changed.', RETRY_AFTER),
  };
  return {
    shortHost,
    limits,
    exampleLink,
    exampleAnswer: { success: true, ...exampleLink },
    common,
    notFound: problem('No such link for this account (`not_found`).'),
  };
}

type OperationContext = ReturnType<typeof operationContext>;
/** One part of the document, made from what the operations share. */
export type Describe = (context: OperationContext) => object;

/** The path parameters that name one link. */
export const linkParameters: Describe = ({ shortHost }) => [
  {
    name: 'host',
    in: 'path',
    required: true,
    description:
      "The short URL's host (with its port where it has one): a link is named by its short URL without the scheme, `<host>/<back_half>`, the slash written literally (`%2F` works too).",
    schema: { type: 'string', pattern: pattern(LINK_HOST_PATTERN) },
    example: shortHost,
  },
  {
    name: 'back_half',
    in: 'path',
    required: true,
    schema: { type: 'string', pattern: pattern(BACK_HALF_PATTERN) },
    example: 'docs-2026',
  },
];

/**
 * Where create's answer says the link it made is: its path, `/v1/links/<host>/<back_half>`, from
 * which the links below take the operations' path parameters.
 */
const CONTENT_LOCATION = {
  'Content-Location': {
    description: "The link's own path, `/v1/links/<host>/<back_half>`.",
    schema: { type: 'string', examples: ['/v1/links/localhost:8787/docs-2026'] },
  },
};

/**
 * The OpenAPI links from create to each operation on the link it made. OpenAPI's runtime
 * expressions take a whole value; `#regex:` (the extension Schemathesis reads for stateful tests)
 * takes one part of it, here the host and the back-half of Content-Location.
 */
const FROM_CONTENT_LOCATION = {
  host: '$response.header.Content-Location#regex:^/v1/links/([^/]+)/[^/]+$',
  back_half: '$response.header.Content-Location#regex:^/v1/links/[^/]+/([^/]+)$',
};
const linksFromCreate = Object.fromEntries(
  [
    ['RetrieveLink', 'retrieveLink', 'Retrieve the link made.'],
    ['UpdateLink', 'updateLink', 'Change the link made.'],
    ['DeleteLink', 'deleteLink', 'Delete the link made.'],
    ['LinkStats', 'linkStats', 'The click statistics of the link made.'],
  ].map(([name, operationId, description]) => [
    name,
    { operationId, parameters: FROM_CONTENT_LOCATION, description },
  ]),
);

export const listLinks: Describe = ({ exampleLink, common }) => ({
  operationId: 'listLinks',
  summary: 'List every link of the account, newest first',
  parameters: [destinationStatusParameter, tagFilter],
  responses: {
    '200': {
      description: 'All links.',
      content: json(ref('LinkList'), {
        links: {
          success: true,
          links: [{ ...exampleLink, created_at: '2026-11-26T09:30:00+00:00' }],
        },
      }),
    },
    ...common,
  },
});

export const createLink: Describe = ({ shortHost, exampleAnswer, common }) => ({
  operationId: 'createLink',
  summary: 'Create a link',
  requestBody: {
    required: true,
    content: json(ref('CreateLinkBody'), {
      destination: { destination_url: 'https://example.com/docs' },
      everything: {
        destination_url: 'https://example.com/docs',
        back_half: 'docs-2026',
        title: 'Docs',
        domain: shortHost,
      },
      protected: { destination_url: 'https://example.com/private', password: 'open sesame' },
    }),
  },
  responses: {
    '200': {
      description: 'The link made.',
      headers: CONTENT_LOCATION,
      content: json(ref('Link'), { link: exampleAnswer }),
      links: linksFromCreate,
    },
    '409': problem('The back-half is taken on that domain (`back_half_taken`).'),
    '413': tooLarge(),
    ...common,
  },
});

export const retrieveLink: Describe = ({ exampleAnswer, notFound, common }) => ({
  operationId: 'retrieveLink',
  summary: 'Retrieve a link',
  responses: {
    '200': {
      description: 'The link.',
      content: json(ref('Link'), { link: exampleAnswer }),
    },
    '404': notFound,
    ...common,
  },
});

export const updateLink: Describe = ({ exampleAnswer, notFound, common }) => ({
  operationId: 'updateLink',
  summary: "Change a link's destination, title or when it expires",
  requestBody: {
    required: true,
    content: json(ref('UpdateLinkBody'), {
      title: { title: 'Docs, 2026 edition' },
      destination: { destination_url: 'https://example.com/docs/2026' },
      expiry: {
        expires_at: '2030-01-01T00:00:00Z',
        max_clicks: 1000,
        expired_url: 'https://example.com/docs/archive',
      },
      noExpiry: { expires_at: null, max_clicks: null },
      password: { password: 'open sesame' },
      noPassword: { password: null },
    }),
  },
  responses: {
    '200': {
      description: 'The link as changed.',
      content: json(ref('Link'), {
        link: { ...exampleAnswer, title: 'Docs, 2026 edition' },
      }),
    },
    '404': notFound,
    '413': tooLarge(),
    ...common,
  },
});

export const deleteLink: Describe = ({ exampleLink, notFound, common }) => ({
  operationId: 'deleteLink',
  summary: 'Delete a link for good',
  responses: {
    '200': {
      description: 'Deleted.',
      content: json(ref('Deleted'), {
        deleted: { success: true, message: `Deleted ${exampleLink.short_url}` },
      }),
    },
    '404': notFound,
    ...common,
  },
});

export const listDomains: Describe = ({ common }) => ({
  operationId: 'listDomains',
  summary: "The account's custom domains",
  responses: {
    '200': {
      description: 'The domains.',
      content: json(ref('DomainList'), {
        domains: {
          success: true,
          domains: [
            {
              domain: 'go.example.com',
              subdomain: 'go',
              root_domain: 'example.com',
              created_at: '2026-11-26T09:00:00+00:00',
            },
          ],
        },
      }),
    },
    ...common,
  },
});

export const describeApi: Describe = ({ common }) => ({
  operationId: 'describeApi',
  summary: 'This description',
  security: [],
  responses: {
    '200': {
      description: 'The OpenAPI document.',
      content: json({ type: 'object' }, { document: { openapi: '3.1.0', paths: {} } }),
    },
    '429': common['429'],
  },
});
