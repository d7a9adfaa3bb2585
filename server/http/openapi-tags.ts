// What the tags' operations and the bulk edit answer, as the OpenAPI document describes them (the
// route table, routes.ts, names these): apart from openapi-operations.ts, which is near its size
// limit. The extension offers tags where a service's document names `get /v1/tags` and
// `patch /v1/links`.
import {
  BULK_EDIT_MAX_LINKS,
  ErrorCode,
  MAX_TAGS_PER_ACCOUNT,
  MAX_TAGS_PER_LINK,
} from '../../contract/limits.ts';
import { json, ref } from './openapi-schemas.ts';

/**
 * What these descriptions read of the operations' context (openapi-operations.ts): written here,
 * so that module can take the list's tag filter from this one without a cycle.
 */
type Describe = (context: { shortHost: string; common: Record<string, object> }) => object;

const exampleTag = { id: 7, name: 'Spring campaign', color: 'green' };

const problem = (description: string) => ({ description, content: json(ref('Error')) });
const tagNotFound = problem('No tag with this id for this account (`tag_not_found`).');
const limitReached = problem(
  `The account has ${MAX_TAGS_PER_ACCOUNT} tags, the most it may have (\`${ErrorCode.tagLimitReached}\`).`,
);

/** The path parameter that names one tag. */
export const tagParameters: Describe = () => [
  {
    name: 'id',
    in: 'path',
    required: true,
    description: "The tag's id, as `GET /v1/tags` lists it.",
    schema: { type: 'string', pattern: '^[1-9][0-9]{0,15}$' },
    example: '7',
  },
];

/** `?tag=` of `GET /v1/links`. */
export const tagFilter = {
  name: 'tag',
  in: 'query',
  required: false,
  description:
    'Only the links that carry this tag (its name, compared regardless of case); repeated, every tag named. An unknown name lists nothing.',
  schema: { type: 'array', items: { type: 'string', minLength: 1, maxLength: 40 } },
  style: 'form',
  explode: true,
};

export const listTags: Describe = ({ common }) => ({
  operationId: 'listTags',
  summary: "The account's tags by name, with how many links carry each",
  responses: {
    '200': {
      description: 'The tags.',
      content: json(ref('TagList'), {
        tags: { success: true, tags: [{ ...exampleTag, links: 12 }] },
      }),
    },
    ...common,
  },
});

export const createTag: Describe = ({ common }) => ({
  operationId: 'createTag',
  summary: 'Make a tag',
  description: `Names are 1 to 40 characters of any script (trimmed, no comma), unique in the account regardless of case; colours are a fixed palette (gray when not given). An account has at most ${MAX_TAGS_PER_ACCOUNT} tags.`,
  requestBody: {
    required: true,
    content: json(ref('CreateTagBody'), { tag: { name: 'Spring campaign', color: 'green' } }),
  },
  responses: {
    '200': {
      description: 'The tag made.',
      content: json(ref('Tag'), { tag: { success: true, ...exampleTag } }),
    },
    '409': problem(
      `A tag has this name already (\`${ErrorCode.tagNameTaken}\`, the message names it), or the account has ${MAX_TAGS_PER_ACCOUNT} tags (\`${ErrorCode.tagLimitReached}\`).`,
    ),
    ...common,
  },
});

export const updateTag: Describe = ({ common }) => ({
  operationId: 'updateTag',
  summary: 'Rename or recolour a tag',
  requestBody: {
    required: true,
    content: json(ref('UpdateTagBody'), {
      rename: { name: 'Spring 2027' },
      recolour: { color: 'blue' },
    }),
  },
  responses: {
    '200': {
      description: 'The tag as changed.',
      content: json(ref('Tag'), { tag: { success: true, ...exampleTag } }),
    },
    '404': tagNotFound,
    '409': problem(
      `Another tag has this name (\`${ErrorCode.tagNameTaken}\`; the message names it).`,
    ),
    ...common,
  },
});

export const deleteTag: Describe = ({ common }) => ({
  operationId: 'deleteTag',
  summary: 'Delete a tag; its links are kept, without it',
  responses: {
    '200': {
      description: 'Deleted.',
      content: json(ref('Deleted'), {
        deleted: { success: true, message: 'Deleted the tag; its links are kept.' },
      }),
    },
    '404': tagNotFound,
    ...common,
  },
});

export const bulkEditLinks: Describe = ({ shortHost, common }) => ({
  operationId: 'bulkEditLinks',
  summary: 'Change many links at once',
  description: `Up to ${BULK_EDIT_MAX_LINKS} links, named \`<host>/<back_half>\`, in one transaction: tags added (made when missing) and taken off, \`expires_at\` and \`max_clicks\` set (the rules of an update), destinations on one host moved to another. Each link is answered \`changed\`, \`not_found\` or \`invalid\` (with its \`problem\`, such as more than ${MAX_TAGS_PER_LINK} tags). Without \`"partial": true\`, one link not found or invalid changes none: \`applied\` is false and the others are \`unchanged\`.`,
  requestBody: {
    required: true,
    content: json(ref('BulkEditBody'), {
      addTag: { links: [`${shortHost}/docs-2026`], add_tags: ['Spring campaign'] },
      moveHost: {
        links: [`${shortHost}/docs-2026`],
        replace_destination_host: { from: 'old.example.com', to: 'example.com' },
        partial: true,
      },
    }),
  },
  responses: {
    '200': {
      description: 'What became of each link.',
      content: json(ref('BulkEditAnswer'), {
        edit: {
          success: true,
          applied: true,
          changed: 1,
          links: [{ link: `${shortHost}/docs-2026`, status: 'changed' }],
        },
      }),
    },
    '409': limitReached,
    '413': problem('The body is over 16 KiB.'),
    ...common,
  },
});
