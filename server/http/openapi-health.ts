// The OpenAPI document's parts for destination health (issue 35): the list's filter by state and
// the operation that checks one link now. The fields themselves come with the Link schema
// (contract/link-health.ts).
import { DESTINATION_STATUSES } from '../../contract/link-health.ts';
import { json, ref } from './openapi-schemas.ts';

/** What an example link says of its destination: checked, and answering. */
export const EXAMPLE_HEALTH = {
  destination_status: 'ok',
  destination_checked_at: '2026-11-27T08:00:00.000Z',
  destination_status_code: 200,
  destination_reason: null,
  destination_final_url: null,
  destination_permanent: null,
} as const;

/** GET /v1/links?destination_status=broken: one account's links in one state. */
export const destinationStatusParameter = {
  name: 'destination_status',
  in: 'query',
  required: false,
  description:
    'Only the links whose destination is in this state (`broken`: a 404 or 410, or a 5xx twice in a row; `unreachable`: DNS, refused, timeout or TLS; `redirected`; `unchecked`: not yet, or a private address). Another value is refused with 400 `invalid_field`.',
  schema: { type: 'string', enum: [...DESTINATION_STATUSES] },
};

/** As openapi-operations.ts's Describe, which cannot be imported here without a cycle. */
type CheckContext = {
  exampleLink: { short_url: string; destination_url: string };
  notFound: object;
  common: object;
};

export const checkLink = ({ exampleLink, notFound, common }: CheckContext) => ({
  operationId: 'checkLink',
  summary: "Check the link's destination now",
  description:
    'Asks the destination with HEAD (GET when HEAD is refused), following at most 5 redirects, and stores what it found, as the checker does once a day. At most once a minute per link: sooner, or while the link is being checked, 429 `checked_recently` with Retry-After (that link only: the other links of the account can be checked meanwhile). Private and local addresses are not asked unless the operator allows them (`unchecked`, reason `private_address`).',
  responses: {
    '200': {
      description: "The link's destination as just found.",
      content: json(ref('DestinationCheck'), {
        ok: {
          success: true,
          short_url: exampleLink.short_url,
          destination_url: exampleLink.destination_url,
          ...EXAMPLE_HEALTH,
        },
        broken: {
          success: true,
          short_url: exampleLink.short_url,
          destination_url: exampleLink.destination_url,
          ...EXAMPLE_HEALTH,
          destination_status: 'broken',
          destination_status_code: 404,
        },
      }),
    },
    '404': notFound,
    ...common,
  },
});
