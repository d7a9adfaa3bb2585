// GET /v1/openapi.json: the API described in OpenAPI 3.1. Its paths are the route table's
// (routes.ts), each operation described in openapi-operations.ts; its schemas are generated from
// the zod schemas of contract/wire.ts (openapi-schemas.ts), so it cannot drift from the code. zod
// 4's own JSON Schema output does it; a framework such as @hono/zod-openapi would have meant
// rewriting every route around it.
import { MAX_REQUEST_BODY_BYTES } from '../../contract/limits.ts';
import { type DocumentOptions, operationContext } from './openapi-operations.ts';
import { linkPasswordPath } from './openapi-password.ts';
import { redirectPrivacyParameters } from './openapi-privacy.ts';
import { components } from './openapi-schemas.ts';
import { API_ENDPOINTS } from './routes.ts';

/** The short link's path, with the parameters of the statistics' privacy switches. */
const followLinkPath = (noTrackParam: string | undefined) => ({
  ...linkPasswordPath,
  get: {
    ...linkPasswordPath.get,
    parameters: [...linkPasswordPath.get.parameters, ...redirectPrivacyParameters(noTrackParam)],
  },
});

export function openApiDocument(options: DocumentOptions) {
  const context = operationContext(options);
  const paths = Object.fromEntries(
    API_ENDPOINTS.map(({ path, methods, parameters }) => [
      path,
      {
        ...(parameters ? { parameters: parameters(context) } : {}),
        ...Object.fromEntries(
          Object.entries(methods).map(([method, describe]) => [method, describe(context)]),
        ),
      },
    ]),
  );
  return {
    openapi: '3.1.0',
    info: {
      title: 'Short Link Management',
      version: '1.0.0',
      description: `The reference service's API. Every answer carries \`Cache-Control: no-store\`; errors have the body \`Error\`. Limits: ${context.limits}; request bodies up to ${MAX_REQUEST_BODY_BYTES / 1024} KiB (413 \`payload_too_large\` past that).`,
    },
    security: [{ bearer: [] }],
    paths: { ...paths, '/{back_half}': followLinkPath(options.noTrackParam) },
    components: components(context.shortHost),
  };
}
