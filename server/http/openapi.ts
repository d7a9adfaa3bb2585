// GET /v1/openapi.json: the API described in OpenAPI 3.1, generated from the zod schemas of
// contract/wire.ts that validate the requests and type the answers, so it cannot drift from the
// code. zod 4's own JSON Schema output does it (OpenAPI 3.1 uses JSON Schema 2020-12 as it is);
// a framework such as @hono/zod-openapi would have meant rewriting every route around it.
import * as z from 'zod';
import {
  BACK_HALF_PATTERN,
  ErrorCode,
  MAX_REQUEST_BODY_BYTES,
  TITLE_MAX_LENGTH,
} from '../../contract/limits.ts';
import {
  CreateLinkBody,
  CUSTOM_DOMAIN_PATTERN,
  DeleteAnswerJson,
  DomainListJson,
  ErrorBodyJson,
  LINK_HOST_PATTERN,
  LinkAnswerJson,
  LinkListJson,
  LinkStatsAnswerJson,
  NO_CONTROL_CHARACTERS,
  STATS_DEFAULT_DAYS,
  STATS_MAX_DAYS,
  UpdateLinkBody,
} from '../../contract/wire.ts';
import { createShortDomains } from '../links/short-domain.ts';
import { DEFAULT_DOMAIN } from '../storage/storage.ts';

/** A zod schema as JSON Schema, without the `$schema` line (the document's dialect is 2020-12). */
function jsonSchema(schema: z.core.$ZodType, io: 'input' | 'output') {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  return rest;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
/** A JSON body with its schema and, where given, named examples. */
const json = (schema: object, examples?: Record<string, unknown>) => ({
  'application/json': {
    schema,
    ...(examples
      ? {
          examples: Object.fromEntries(Object.entries(examples).map(([n, v]) => [n, { value: v }])),
        }
      : {}),
  },
});

/** A regular expression as a JSON Schema pattern, with a check that it has no JavaScript-only flag. */
function pattern(regex: RegExp): string {
  if (regex.flags)
    throw new Error(`A published pattern must have no flags: /${regex.source}/${regex.flags}`);
  return regex.source;
}

/**
 * The body schemas zod makes, with what zod cannot say in JSON Schema and what lets a generator
 * (a fuzzer, a test) make bodies the service takes: a destination is an http(s) URI, a title is
 * counted in characters as JSON Schema counts them, a domain is the short domain or a host name.
 */
function withFieldFormats(schema: Record<string, unknown>, shortHost: string) {
  const properties = { ...(schema.properties as Record<string, Record<string, unknown>>) };
  const destination = properties.destination_url;
  if (destination) {
    properties.destination_url = {
      ...destination,
      format: 'uri',
      pattern: `^[Hh][Tt][Tt][Pp][Ss]?://${pattern(NO_CONTROL_CHARACTERS).slice(1)}`,
      examples: ['https://example.com/docs'],
    };
  }
  if (properties.title) {
    properties.title = { ...properties.title, maxLength: TITLE_MAX_LENGTH, examples: ['Docs'] };
  }
  if (properties.domain) {
    const escaped = shortHost.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    properties.domain = {
      ...properties.domain,
      pattern: `^(?:${escaped}|${pattern(CUSTOM_DOMAIN_PATTERN).slice(1, -1)})$`,
      examples: [shortHost],
    };
  }
  if (properties.back_half)
    properties.back_half = { ...properties.back_half, examples: ['docs-2026'] };
  return { ...schema, properties };
}

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

export function openApiDocument(options: {
  /** The default short domain's host, for the examples (`localhost:8787` when not given). */
  shortHost?: string;
  rateLimitPerMinute: number;
  addressRateLimitPerMinute: number;
}) {
  const shortHost = options.shortHost ?? 'localhost:8787';
  const exampleLink = {
    short_url: createShortDomains(shortHost).shortUrl(DEFAULT_DOMAIN, 'docs-2026'),
    destination_url: 'https://example.com/docs',
    clicks: 3,
    created_at: '2026-11-26T09:30:00.000Z',
    title: 'Docs',
  };
  const exampleAnswer = { success: true, ...exampleLink };
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
      `Bad input: ${[ErrorCode.invalidJson, ErrorCode.invalidBody, ErrorCode.missingField, ErrorCode.unknownField, ErrorCode.invalidField, ErrorCode.unknownDomain, ErrorCode.blockedDestination].join(', ')}; \`field\` names the input at fault.`,
    ),
    '401': problem('No key, a malformed, unknown or revoked key (`unauthorized`).', {
      'WWW-Authenticate': { schema: { type: 'string' } },
    }),
    '403': problem('The account is not on a paid plan (`paid_plan_required`).'),
    '429': problem(`Too many requests (\`rate_limited\`): ${limits}.`, RETRY_AFTER),
    '500': problem('A fault of the service (`internal_error`); the detail is only in its log.'),
    '503': problem('The database cannot store the change now; nothing was changed.', RETRY_AFTER),
  };
  const linkPath = {
    parameters: [
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
    ],
  };
  const notFound = problem('No such link for this account (`not_found`).');

  return {
    openapi: '3.1.0',
    info: {
      title: 'Short Link Management',
      version: '1.0.0',
      description: `The reference service's API. Every answer carries \`Cache-Control: no-store\`; errors have the body \`Error\`. Limits: ${limits}; request bodies up to ${MAX_REQUEST_BODY_BYTES / 1024} KiB (413 \`payload_too_large\` past that).`,
    },
    security: [{ bearer: [] }],
    paths: {
      '/v1/links': {
        get: {
          summary: 'List every link of the account, newest first',
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
        },
        post: {
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
            }),
          },
          responses: {
            '200': {
              description: 'The link made.',
              content: json(ref('Link'), { link: exampleAnswer }),
            },
            '409': problem('The back-half is taken on that domain (`back_half_taken`).'),
            '413': problem(`The body is over ${MAX_REQUEST_BODY_BYTES / 1024} KiB.`),
            ...common,
          },
        },
      },
      '/v1/links/{host}/{back_half}': {
        ...linkPath,
        get: {
          summary: 'Retrieve a link',
          responses: {
            '200': {
              description: 'The link.',
              content: json(ref('Link'), { link: exampleAnswer }),
            },
            '404': notFound,
            ...common,
          },
        },
        put: {
          summary: "Change a link's destination, title or both",
          requestBody: {
            required: true,
            content: json(ref('UpdateLinkBody'), {
              title: { title: 'Docs, 2026 edition' },
              destination: { destination_url: 'https://example.com/docs/2026' },
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
            '413': problem(`The body is over ${MAX_REQUEST_BODY_BYTES / 1024} KiB.`),
            ...common,
          },
        },
        delete: {
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
        },
      },
      '/v1/links/{host}/{back_half}/stats': {
        ...linkPath,
        get: {
          summary: "A link's click statistics per UTC day, referrer host, device and country",
          description:
            "Aggregates only: no address, User-Agent or full referrer is kept. `humans` and `bots` total the days asked for; referrers, devices and countries count the people, most clicks first (`host` null: direct). Countries only where the operator gave a GeoIP database. The link's `clicks` counts every redirect, before the statistics began too.",
          parameters: [
            {
              name: 'days',
              in: 'query',
              required: false,
              description: 'How many days, today the last (UTC); `days` has that many entries.',
              schema: {
                type: 'integer',
                minimum: 1,
                maximum: STATS_MAX_DAYS,
                default: STATS_DEFAULT_DAYS,
              },
            },
          ],
          responses: {
            '200': {
              description: 'The statistics.',
              content: json(ref('LinkStats'), {
                stats: {
                  success: true,
                  stats: {
                    humans: 3,
                    bots: 1,
                    days: [
                      { date: '2026-11-25', humans: 1, bots: 0 },
                      { date: '2026-11-26', humans: 2, bots: 1 },
                    ],
                    referrers: [
                      { host: 'news.example', clicks: 2 },
                      { host: null, clicks: 1 },
                    ],
                    devices: [
                      { type: 'mobile', clicks: 2 },
                      { type: 'desktop', clicks: 1 },
                    ],
                    countries: [],
                  },
                },
              }),
            },
            '404': notFound,
            ...common,
          },
        },
      },
      '/v1/domains': {
        get: {
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
        },
      },
      '/v1/openapi.json': {
        get: {
          summary: 'This description',
          security: [],
          responses: {
            '200': {
              description: 'The OpenAPI document.',
              content: json({ type: 'object' }, { document: { openapi: '3.1.0', paths: {} } }),
            },
            '429': common['429'],
          },
        },
      },
    },
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: "An API key, `slk_…`, made with the service's command line.",
        },
      },
      schemas: {
        CreateLinkBody: withFieldFormats(jsonSchema(CreateLinkBody, 'input'), shortHost),
        UpdateLinkBody: {
          ...withFieldFormats(jsonSchema(UpdateLinkBody, 'input'), shortHost),
          // At least one of the two, said as `anyOf` rather than `minProperties: 1`, which
          // generators cannot meet when no other property is allowed.
          anyOf: [{ required: ['destination_url'] }, { required: ['title'] }],
        },
        Link: jsonSchema(LinkAnswerJson, 'output'),
        LinkList: jsonSchema(LinkListJson, 'output'),
        LinkStats: jsonSchema(LinkStatsAnswerJson, 'output'),
        DomainList: jsonSchema(DomainListJson, 'output'),
        Deleted: jsonSchema(DeleteAnswerJson, 'output'),
        Error: jsonSchema(ErrorBodyJson, 'output'),
      },
    },
  };
}
