// GET /v1/openapi.json: the API described in OpenAPI 3.1, generated from the zod schemas of
// lib/contract.ts that validate the requests and type the answers, so it cannot drift from the
// code. zod 4's own JSON Schema output does it (OpenAPI 3.1 uses JSON Schema 2020-12 as it is);
// a framework such as @hono/zod-openapi would have meant rewriting every route around it.
import * as z from 'zod';
import {
  CreateLinkBody,
  DeleteAnswerJson,
  DomainListJson,
  ErrorBodyJson,
  LinkAnswerJson,
  LinkListJson,
  UpdateLinkBody,
} from '../lib/contract.ts';
import { ErrorCode, MAX_REQUEST_BODY_BYTES } from '../lib/contract-limits.ts';

/** A zod schema as JSON Schema, without the `$schema` line (the document's dialect is 2020-12). */
function jsonSchema(schema: z.core.$ZodType, io: 'input' | 'output') {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  return rest;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: object) => ({ 'application/json': { schema } });

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
  rateLimitPerMinute: number;
  addressRateLimitPerMinute: number;
}) {
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
        schema: { type: 'string' },
      },
      {
        name: 'back_half',
        in: 'path',
        required: true,
        schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' },
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
            '200': { description: 'All links.', content: json(ref('LinkList')) },
            ...common,
          },
        },
        post: {
          summary: 'Create a link',
          requestBody: { required: true, content: json(ref('CreateLinkBody')) },
          responses: {
            '200': { description: 'The link made.', content: json(ref('Link')) },
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
            '200': { description: 'The link.', content: json(ref('Link')) },
            '404': notFound,
            ...common,
          },
        },
        put: {
          summary: "Change a link's destination, title or both",
          requestBody: { required: true, content: json(ref('UpdateLinkBody')) },
          responses: {
            '200': { description: 'The link as changed.', content: json(ref('Link')) },
            '404': notFound,
            '413': problem(`The body is over ${MAX_REQUEST_BODY_BYTES / 1024} KiB.`),
            ...common,
          },
        },
        delete: {
          summary: 'Delete a link for good',
          responses: {
            '200': { description: 'Deleted.', content: json(ref('Deleted')) },
            '404': notFound,
            ...common,
          },
        },
      },
      '/v1/domains': {
        get: {
          summary: "The account's custom domains",
          responses: {
            '200': { description: 'The domains.', content: json(ref('DomainList')) },
            ...common,
          },
        },
      },
      '/v1/openapi.json': {
        get: {
          summary: 'This description',
          security: [],
          responses: {
            '200': { description: 'The OpenAPI document.', content: json({ type: 'object' }) },
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
        CreateLinkBody: jsonSchema(CreateLinkBody, 'input'),
        UpdateLinkBody: {
          ...jsonSchema(UpdateLinkBody, 'input'),
          minProperties: 1,
        },
        Link: jsonSchema(LinkAnswerJson, 'output'),
        LinkList: jsonSchema(LinkListJson, 'output'),
        DomainList: jsonSchema(DomainListJson, 'output'),
        Deleted: jsonSchema(DeleteAnswerJson, 'output'),
        Error: jsonSchema(ErrorBodyJson, 'output'),
      },
    },
  };
}
