// The tags a create or update gives a link, as names (issue 36): the service makes the ones the
// account lacks. Sent only to a service whose contract's create or update body names `tags`
// (service-offer.ts), as the lifecycle fields are (link-lifecycle.ts). Reading a link answer's
// tags is another module's business.
import * as z from 'zod/mini';
import { LinkTagNames } from '../../contract/tag-fields.ts';

/** The field a create or update input takes; an update's is the link's whole set. */
export const LinkTagsInput = { tags: z.optional(LinkTagNames) };
export type LinkTagsInput = { tags?: string[] };

/** The wire field of what is given: absent when the input names no tags. */
export const tagsBody = ({ tags }: LinkTagsInput): { tags?: string[] } =>
  tags === undefined ? {} : { tags };

/** Whether the input names tags (an empty list is a change for an update: it takes them all off). */
export const hasTags = (input: LinkTagsInput) => input.tags !== undefined;

/** The input without `tags` when the service's create or update body (`accepted`) does not take it. */
export function withoutUnofferedTags<T extends LinkTagsInput>(
  input: T,
  accepted: ReadonlySet<string>,
): T {
  if (accepted.has('tags') || input.tags === undefined) return input;
  const { tags: _left, ...kept } = input;
  return kept as T;
}
