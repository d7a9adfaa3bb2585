// What an account's service offers beyond the interface every service has: the link fields and the
// operations its published contract (`GET /v1/openapi.json`) names. The one rule: a field or an
// operation is offered only when the contract names it. A service without a contract, or whose
// contract lacks the field, gets nothing new, even when its answers carry a field of that name: a
// hosted service's `tags: []` or `expires_at` may mean something else, and sending ours to it would
// lose what the person typed.
import * as z from 'zod/mini';
import { QR_MARKER } from '../../contract/link-stats.ts';
import { isApiError } from './errors.ts';

/** A contract past this many bytes is not read: ours is about 40 KB. */
export const MAX_CONTRACT_BYTES = 1_000_000;
/** Names kept of each kind: a contract naming more is not a link's description. */
const MAX_NAMES = 200;
const MAX_NAME_LENGTH = 100;
/** How deep `$ref`, `allOf`, `anyOf` and `oneOf` are followed from an operation's schema. */
const MAX_SCHEMA_DEPTH = 8;
/**
 * How many schema parts one list of fields looks at: ours needs a dozen. Each schema of the
 * document being followed once, a 1 MB document holds fewer parts than this.
 */
const MAX_SCHEMA_VISITS = 100_000;

/** The operations beyond the interface the extension uses when offered, by method and path. */
export const SERVICE_OPERATIONS = {
  listTags: ['get', '/v1/tags'],
  editLinks: ['patch', '/v1/links'],
  checkLink: ['post', '/v1/links/{}/{}/check'],
  linkStats: ['get', '/v1/links/{}/{}/stats'],
  accountStats: ['get', '/v1/stats'],
} as const;
export type ServiceOperation = keyof typeof SERVICE_OPERATIONS;

export type ServiceOffer = {
  /** The link fields the contract names: in a create's body, an update's, and a link answer. */
  linkFields: {
    create: ReadonlySet<string>;
    update: ReadonlySet<string>;
    answer: ReadonlySet<string>;
  };
  operations: ReadonlySet<ServiceOperation>;
  /**
   * Whether the service counts QR scans apart: its redirect (`GET /{back_half}`) names the query
   * parameter of QR_MARKER. Absent from offers stored before it was read: none counted.
   */
  qrScans?: boolean;
};

/** A service that publishes no contract (or none we can read) is offered nothing new. */
export const NO_OFFER: ServiceOffer = {
  linkFields: { create: new Set(), update: new Set(), answer: new Set() },
  operations: new Set(),
  qrScans: false,
};

/** Whether the account's service offers this link field: its contract names it somewhere. */
export function offersLinkField(offer: ServiceOffer | undefined, field: string): boolean {
  if (!offer) return false;
  const { create, update, answer } = offer.linkFields;
  return create.has(field) || update.has(field) || answer.has(field);
}

/** Whether the account's service counts scans of a QR code whose URL carries QR_MARKER. */
export function offersQrScans(offer: ServiceOffer | undefined): boolean {
  return offer?.qrScans === true;
}

export function offersOperation(
  offer: ServiceOffer | undefined,
  operation: ServiceOperation,
): boolean {
  return offer?.operations.has(operation) ?? false;
}

// Only the parts read are checked; everything else in the document is ignored.
const JsonSchema = z.object({
  $ref: z.optional(z.string()),
  properties: z.optional(z.record(z.string(), z.unknown())),
  allOf: z.optional(z.array(z.unknown())),
  anyOf: z.optional(z.array(z.unknown())),
  oneOf: z.optional(z.array(z.unknown())),
});
const Media = z.record(z.string(), z.object({ schema: z.optional(z.unknown()) }));
const Body = z.object({ content: z.optional(Media) });
const Parameter = z.object({ name: z.string(), in: z.string() });
const Operation = z.object({
  parameters: z.optional(z.array(z.unknown())),
  requestBody: z.optional(z.unknown()),
  responses: z.optional(z.record(z.string(), z.unknown())),
});
export const OpenApiDocument = z.object({
  openapi: z.string().check(z.regex(/^3\.\d+\.\d+/)),
  paths: z.record(z.string(), z.unknown()),
  components: z.optional(z.object({ schemas: z.optional(z.record(z.string(), z.unknown())) })),
});
export type OpenApiDocument = z.infer<typeof OpenApiDocument>;

/** A path as a shape: each `{parameter}` whatever its name, so `{host}` and `{domain}` match. */
const shapeOf = (path: string) => path.replace(/\{[^}]*\}/g, '{}');

function operationOf(document: OpenApiDocument, path: string, method: string) {
  const item = Object.entries(document.paths).find(([name]) => shapeOf(name) === path)?.[1];
  if (typeof item !== 'object' || item === null) return undefined;
  const parsed = Operation.safeParse((item as Record<string, unknown>)[method]);
  return parsed.success ? parsed.data : undefined;
}

/** A `$ref` to one of the document's own schemas: its name, as a JSON pointer escapes it. */
function refName(ref: string | undefined): string | undefined {
  const escaped = ref?.match(/^#\/components\/schemas\/([^/]+)$/)?.[1];
  if (escaped === undefined) return undefined;
  try {
    return decodeURIComponent(escaped).replaceAll('~1', '/').replaceAll('~0', '~');
  } catch {
    return undefined;
  }
}

/**
 * The property names a schema names, through `$ref` to the document's schemas and through
 * `allOf`, `anyOf` and `oneOf`. Each schema of the document is followed once, and at most
 * MAX_SCHEMA_VISITS parts are looked at: a document may nest or loop to any depth.
 */
function propertiesOf(document: OpenApiDocument, schemas: unknown[]): Set<string> {
  const names = new Set<string>();
  const followed = new Set<string>();
  // Breadth first, so that each schema is followed from the nearest place that names it.
  const waiting = schemas.map((schema) => ({ schema, depth: 0 }));
  for (let next = 0; next < waiting.length && next < MAX_SCHEMA_VISITS; next++) {
    const { schema, depth } = waiting[next] as { schema: unknown; depth: number };
    const parsed = JsonSchema.safeParse(schema);
    if (!parsed.success || depth > MAX_SCHEMA_DEPTH) continue;
    const { $ref, properties, allOf = [], anyOf = [], oneOf = [] } = parsed.data;
    const name = refName($ref);
    if (name !== undefined && !followed.has(name)) {
      followed.add(name);
      waiting.push({ schema: document.components?.schemas?.[name], depth: depth + 1 });
    }
    for (const field of Object.keys(properties ?? {})) {
      if (names.size < MAX_NAMES && field.length <= MAX_NAME_LENGTH) names.add(field);
    }
    for (const part of [...allOf, ...anyOf, ...oneOf])
      waiting.push({ schema: part, depth: depth + 1 });
  }
  return names;
}

/**
 * The JSON schemas of a request body or an answer (`application/json`, or any `+json` type); none
 * when it is not one we can read.
 */
function jsonSchemasOf(body: unknown): unknown[] {
  const parsed = Body.safeParse(body);
  if (!parsed.success) return [];
  return Object.entries(parsed.data.content ?? {})
    .filter(([type]) => /^application\/(?:[\w.-]+\+)?json\b/i.test(type))
    .map(([, media]) => media.schema);
}

const LINKS = '/v1/links';
const LINK = '/v1/links/{}/{}';
/** The short link itself, whose redirect names the QR marker where scans are counted. */
const REDIRECT = '/{}';

/** Whether an operation takes a query parameter of this name. */
function takesQueryParameter(operation: ReturnType<typeof operationOf>, name: string): boolean {
  return (operation?.parameters ?? []).some((parameter) => {
    const parsed = Parameter.safeParse(parameter);
    return parsed.success && parsed.data.in === 'query' && parsed.data.name === name;
  });
}

/** What a contract offers: the link fields of create, update and answers, and the operations. */
export function offerOfContract(document: OpenApiDocument): ServiceOffer {
  const fieldsOf = (schemas: unknown[]) => propertiesOf(document, schemas);
  const bodyOf = (path: string, method: string) =>
    jsonSchemasOf(operationOf(document, path, method)?.requestBody);
  const answersOf = (path: string, method: string) =>
    Object.entries(operationOf(document, path, method)?.responses ?? {})
      .filter(([status]) => /^2(?:\d\d|XX)$/i.test(status))
      .flatMap(([, response]) => jsonSchemasOf(response));
  const operations = new Set<ServiceOperation>();
  for (const [name, [method, path]] of Object.entries(SERVICE_OPERATIONS)) {
    if (operationOf(document, path, method)) operations.add(name as ServiceOperation);
  }
  return {
    linkFields: {
      create: fieldsOf(bodyOf(LINKS, 'post')),
      update: fieldsOf(bodyOf(LINK, 'put')),
      answer: fieldsOf([
        ...answersOf(LINKS, 'post'),
        ...answersOf(LINK, 'get'),
        ...answersOf(LINK, 'put'),
      ]),
    },
    operations,
    qrScans: takesQueryParameter(operationOf(document, REDIRECT, 'get'), QR_MARKER.name),
  };
}

/**
 * What the text the service published at `/v1/openapi.json` offers: nothing new when it is not
 * JSON, or not an OpenAPI 3 document.
 */
export function offerOfContractText(text: string): ServiceOffer {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return NO_OFFER;
  }
  const parsed = OpenApiDocument.safeParse(json);
  return parsed.success ? offerOfContract(parsed.data) : NO_OFFER;
}

/**
 * The service answered that it publishes no contract there: a status that is the request's fault
 * (404, 405, 410, a refused key…) or a redirect. A timeout, a 429, a 5xx or no answer says nothing
 * of the contract: what was known is kept, and the next refresh asks again.
 */
function publishesNoContract(error: unknown): boolean {
  if (!isApiError(error)) return false;
  if (error.reason === 'redirect') return true;
  const status = error.status ?? 0;
  return status >= 400 && status <= 499 && status !== 408 && status !== 429;
}

/** What the answer to `GET /v1/openapi.json` offers, read as text (undefined: too long). */
export async function offerOfContractAnswer(
  answer: Promise<string | undefined>,
): Promise<ServiceOffer> {
  let text: string | undefined;
  try {
    text = await answer;
  } catch (error) {
    if (publishesNoContract(error)) return NO_OFFER;
    throw error;
  }
  return text === undefined ? NO_OFFER : offerOfContractText(text);
}
