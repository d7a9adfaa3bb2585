// The one path of the OpenAPI document that is no API route: the short link itself, which
// redirects (and names the QR code's marker, for a client to know that scans are counted) and to
// which a link's password form posts (clicks/redirects.ts answers it, on every short domain).
import { BACK_HALF_PATTERN } from '../../contract/limits.ts';
import { PASSWORD_MAX_LENGTH } from '../../contract/link-password.ts';
import { QR_MARKER } from '../../contract/link-stats.ts';
import { pattern } from './openapi-schemas.ts';

const HTML = { 'text/html': { schema: { type: 'string' } } };
const NO_STORE = {
  'Cache-Control': { schema: { type: 'string', const: 'no-store' } },
  'Referrer-Policy': { schema: { type: 'string', const: 'no-referrer' } },
};

export const linkPasswordPath = {
  parameters: [
    {
      name: 'back_half',
      in: 'path',
      required: true,
      schema: { type: 'string', pattern: pattern(BACK_HALF_PATTERN) },
      example: 'docs-2026',
    },
  ],
  get: {
    operationId: 'followLink',
    summary: 'Follow a short link',
    description:
      "A redirect to the link's destination (302, `Location` the destination alone: the short URL's query is not passed on), counted as a click. A link with a password answers its form; an expired one 302 to `expired_url` or 410; an unknown one 404.",
    security: [],
    parameters: [
      {
        name: QR_MARKER.name,
        in: 'query',
        required: false,
        description: `The link's QR code carries \`?${QR_MARKER.name}=${QR_MARKER.value}\`: the click is then also counted as a QR scan (\`qr_scans\` in the link's statistics). Any other value is a plain click.`,
        schema: { type: 'string', const: QR_MARKER.value },
      },
    ],
    responses: {
      '302': {
        description: 'On to the destination.',
        headers: { Location: { schema: { type: 'string', format: 'uri' } } },
      },
      '404': { description: 'No link at this address.', content: HTML },
      '410': { description: 'The link has expired (and has no `expired_url`).', content: HTML },
    },
  },
  post: {
    operationId: 'unlockLink',
    summary: "Give a link's password, as its form does",
    description:
      'A link with a password (`password_protected`) answers `GET` with a page "This link is protected": a form posting `password` here, on the short URL itself (whichever short domain it is on). Only the body is read: a password in the query string is ignored. Tries are counted per link and client address, right or wrong: 5 a minute, then 429. A link without a password answers 405; an expired one answers as expired (302 to `expired_url` or 410), asking for no password; an unknown one 404.',
    security: [],
    requestBody: {
      required: true,
      content: {
        'application/x-www-form-urlencoded': {
          schema: {
            type: 'object',
            properties: { password: { type: 'string', maxLength: PASSWORD_MAX_LENGTH } },
            required: ['password'],
          },
          examples: { password: { value: { password: 'open sesame' } } },
        },
      },
    },
    responses: {
      '302': {
        description: "The right password: on to the destination, counted as a redirect's click.",
        headers: { Location: { schema: { type: 'string', format: 'uri' } } },
      },
      '401': {
        description: 'A wrong password: the form again, with "Wrong password".',
        headers: NO_STORE,
        content: HTML,
      },
      '404': { description: 'No link at this address.', content: HTML },
      '405': { description: 'The link has no password.' },
      '410': { description: 'The link has expired (and has no `expired_url`).', content: HTML },
      '413': { description: 'The form is over 4 KiB.' },
      '415': { description: 'The body is not `application/x-www-form-urlencoded`.' },
      '429': {
        description: 'Too many tries at this link from this address: a page that says to wait.',
        headers: { ...NO_STORE, 'Retry-After': { schema: { type: 'integer', minimum: 1 } } },
        content: HTML,
      },
    },
  },
};
