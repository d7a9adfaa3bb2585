// An edit's fields checked before they are sent: the destination by the popup's rule
// (lib/links/destination.ts: `example.com/foo` is https://example.com/foo), the title by the
// contract's.
import { Title } from '../../../contract/wire.ts';
import { t } from '../../../lib/i18n/t.ts';
import { checkDestination } from '../../../lib/wording/destination-words.ts';
import { fieldProblemText } from '../../../lib/wording/field-problems.ts';

/** A field as it will be sent, or what is wrong with it in a sentence. */
export type CheckedField = { value: string; problem?: undefined } | { problem: string };

export function checkEditDestination(typed: string): CheckedField {
  const checked = checkDestination(typed);
  return 'url' in checked ? { value: checked.url } : checked;
}

export function checkEditTitle(typed: string): CheckedField {
  const result = Title.safeParse(typed);
  if (result.success) return { value: result.data };
  const issue = result.error.issues[0];
  return { problem: issue ? fieldProblemText('title', issue) : t('linksCheckValue') };
}
