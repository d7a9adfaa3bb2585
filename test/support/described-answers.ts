// Every answer the service's Vitest tests get through api() (test-api.ts) is checked against the
// OpenAPI document the service serves (server/http/openapi.ts), with a JSON Schema validator of its own
// (Ajv), so the published description cannot drift from what the service really answers. The
// document is built here rather than fetched, so that the check costs no request of a test's
// rate limit; server/http/openapi.test.ts checks that the served one is that document.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { openApiDocument } from '../../server/http/openapi.ts';
import { endpointOf } from '../../server/http/routes.ts';

const document = openApiDocument({ rateLimitPerMinute: 0, addressRateLimitPerMinute: 0 });
const ajv = new Ajv2020({ strict: false, allErrors: true });
ajv.addSchema(document, 'openapi');
const validators = new Map<string, ValidateFunction>();

/** The document's path for a request path, when the document describes one. */
const templateOf = (path: string) => endpointOf(path.split('?')[0] ?? '')?.path;

const pointer = (text: string) => text.replaceAll('~', '~0').replaceAll('/', '~1');

/**
 * What is wrong with an answer by the document, or undefined. Requests the document does not
 * describe (an unknown endpoint, a method an endpoint does not have) are not its business.
 */
export function undescribedAnswer(
  method: string,
  path: string,
  status: number,
  body: unknown,
): string | undefined {
  const template = templateOf(path);
  const operation = template
    ? (document.paths as unknown as Record<string, Record<string, { responses: object }>>)[
        template
      ]?.[method.toLowerCase()]
    : undefined;
  if (!template || !operation) return undefined;
  if (!(String(status) in operation.responses)) {
    return `${method} ${template} answered ${status}, which the OpenAPI document does not describe.`;
  }
  if (template === '/v1/openapi.json' && status === 200) return undefined;
  const key = `${template} ${method.toLowerCase()} ${status}`;
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile({
      $ref: `openapi#/paths/${pointer(template)}/${method.toLowerCase()}/responses/${status}/content/application~1json/schema`,
    });
    validators.set(key, validate);
  }
  if (validate(body)) return undefined;
  return `${method} ${template} ${status} is not as the OpenAPI document says: ${ajv.errorsText(validate.errors)}`;
}
