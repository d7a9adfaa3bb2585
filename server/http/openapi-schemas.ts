// The schemas of the OpenAPI document (openapi.ts): the bodies and answers as JSON Schema, made by
// zod 4 from the schemas of contract/wire.ts that validate the requests and type the answers, so
// they cannot drift from the code. OpenAPI 3.1 uses JSON Schema 2020-12 as it is.
import * as z from 'zod';
import { AccountStatsAnswerJson } from '../../contract/account-stats.ts';
import { TAG_NAME_MAX_LENGTH, TITLE_MAX_LENGTH } from '../../contract/limits.ts';
import { DestinationCheckAnswerJson } from '../../contract/link-health.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../contract/link-password.ts';
import { LinkStatsAnswerJson } from '../../contract/link-stats.ts';
import {
  BulkEditAnswerJson,
  BulkEditBody,
  CreateTagBody,
  TagAnswerJson,
  TagListJson,
  UpdateTagBody,
} from '../../contract/tags.ts';
import {
  CreateLinkBody,
  CUSTOM_DOMAIN_PATTERN,
  DeleteAnswerJson,
  DomainListJson,
  ErrorBodyJson,
  LinkAnswerJson,
  LinkListJson,
  NO_CONTROL_CHARACTERS,
  UpdateLinkBody,
} from '../../contract/wire.ts';

/** A zod schema as JSON Schema, without the `$schema` line (the document's dialect is 2020-12). */
function jsonSchema(schema: z.core.$ZodType, io: 'input' | 'output') {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  return rest;
}

/** A schema of the document's components, by name. */
export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** A JSON body with its schema and, where given, named examples. */
export const json = (schema: object, examples?: Record<string, unknown>) => ({
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
export function pattern(regex: RegExp): string {
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
  const webAddress = {
    format: 'uri',
    pattern: `^[Hh][Tt][Tt][Pp][Ss]?://${pattern(NO_CONTROL_CHARACTERS).slice(1)}`,
  };
  const destination = properties.destination_url;
  if (destination) {
    properties.destination_url = {
      ...destination,
      ...webAddress,
      examples: ['https://example.com/docs'],
    };
  }
  // Nullable fields are `anyOf: [the value, null]`: the value's schema is the first.
  const [expiredUrl] = (properties.expired_url?.anyOf ?? []) as Record<string, unknown>[];
  if (expiredUrl && properties.expired_url) {
    properties.expired_url = {
      anyOf: [{ ...expiredUrl, ...webAddress }, { type: 'null' }],
      description:
        'Where the link leads once it has expired (the destination\'s rules); null: a 410 page "This link has expired".',
      examples: ['https://example.com/offer-ended'],
    };
  }
  if (properties.expires_at) {
    properties.expires_at = {
      ...properties.expires_at,
      description:
        "When the link expires: an instant ahead of the service's clock (one already past is refused with 400 `invalid_field`); null: never.",
      examples: ['2030-01-01T00:00:00Z'],
    };
  }
  if (properties.max_clicks) {
    properties.max_clicks = {
      ...properties.max_clicks,
      description:
        'How many clicks the link leads to its destination for; the next visits find it expired. null: no limit.',
      examples: [100],
    };
  }
  if (properties.password) {
    properties.password = {
      anyOf: [
        {
          type: 'string',
          minLength: PASSWORD_MIN_LENGTH,
          maxLength: PASSWORD_MAX_LENGTH,
          writeOnly: true,
        },
        { type: 'null' },
      ],
      description: `A password the link's visitors must give (${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters) before it leads on; write-only: answers say only \`password_protected\`. null removes it.`,
      examples: ['open sesame'],
    };
  }
  if (properties.title) {
    properties.title = { ...properties.title, maxLength: TITLE_MAX_LENGTH, examples: ['Docs'] };
  }
  if (properties.domain) {
    const escaped = shortHost.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    properties.domain = {
      ...properties.domain,
      description: `The short domain (${shortHost}, the default) or one of the account's own domains, as \`GET /v1/domains\` lists them; any other is refused with 400 \`unknown_domain\`.`,
      pattern: `^(?:${escaped}|${pattern(CUSTOM_DOMAIN_PATTERN).slice(1, -1)})$`,
      examples: [shortHost],
    };
  }
  if (properties.back_half)
    properties.back_half = { ...properties.back_half, examples: ['docs-2026'] };
  return { ...schema, properties };
}

/**
 * A tag name as the service takes it, said so that a generator makes only names it takes: some
 * character besides white space (names are trimmed), no `,` or `|`, no control character.
 */
const NOT_IN_A_TAG = ',|\\u0000-\\u001F\\u007F-\\u009F\\u2028\\u2029';
const tagNameSchema = {
  type: 'string',
  minLength: 1,
  maxLength: TAG_NAME_MAX_LENGTH,
  pattern: `^[^${NOT_IN_A_TAG}]*[^\\s${NOT_IN_A_TAG}][^${NOT_IN_A_TAG}]*$`,
  examples: ['Spring campaign'],
};

/** A body's schema with its tag-name lists (and the tag's own name) said as the service takes them. */
function withTagNames(schema: Record<string, unknown>) {
  const properties = { ...(schema.properties as Record<string, Record<string, unknown>>) };
  for (const field of ['tags', 'add_tags', 'remove_tags']) {
    const list = properties[field];
    if (list) properties[field] = { ...list, items: tagNameSchema };
  }
  if (properties.name) properties.name = tagNameSchema;
  return { ...schema, properties };
}

/** The document's `components`: how a key is sent, and every body and answer by name. */
export function components(shortHost: string) {
  return {
    securitySchemes: {
      bearer: {
        type: 'http',
        scheme: 'bearer',
        description: "An API key, `slk_…`, made with the service's command line.",
      },
    },
    schemas: {
      CreateLinkBody: withTagNames(
        withFieldFormats(jsonSchema(CreateLinkBody, 'input'), shortHost),
      ),
      UpdateLinkBody: {
        ...withTagNames(withFieldFormats(jsonSchema(UpdateLinkBody, 'input'), shortHost)),
        // At least one field, said as `anyOf` rather than `minProperties: 1`, which generators
        // cannot meet when no other property is allowed.
        anyOf: [
          'destination_url',
          'title',
          'expires_at',
          'max_clicks',
          'expired_url',
          'password',
          'tags',
        ].map((field) => ({ required: [field] })),
      },
      Link: jsonSchema(LinkAnswerJson, 'output'),
      LinkList: jsonSchema(LinkListJson, 'output'),
      LinkStats: jsonSchema(LinkStatsAnswerJson, 'output'),
      AccountStats: jsonSchema(AccountStatsAnswerJson, 'output'),
      DomainList: jsonSchema(DomainListJson, 'output'),
      Deleted: jsonSchema(DeleteAnswerJson, 'output'),
      Error: jsonSchema(ErrorBodyJson, 'output'),
      DestinationCheck: jsonSchema(DestinationCheckAnswerJson, 'output'),
      Tag: jsonSchema(TagAnswerJson, 'output'),
      TagList: jsonSchema(TagListJson, 'output'),
      CreateTagBody: withTagNames(jsonSchema(CreateTagBody, 'input')),
      UpdateTagBody: {
        ...withTagNames(jsonSchema(UpdateTagBody, 'input')),
        anyOf: [{ required: ['name'] }, { required: ['color'] }],
      },
      BulkEditBody: withTagNames(jsonSchema(BulkEditBody, 'input')),
      BulkEditAnswer: jsonSchema(BulkEditAnswerJson, 'output'),
    },
  };
}
