// The form's fields as they will be sent, or what is wrong with them, field by field.
import type { FieldErrors, ShortenFields } from '../../components/shorten/ShortenForm.tsx';
import { BackHalf } from '../../contract/wire.ts';
import { CreateLinkInput } from '../../lib/api/schemas.ts';
import { checkDestination } from '../../lib/wording/destination-words.ts';
import { fieldProblemText } from '../../lib/wording/field-problems.ts';

/** The service's field names, as its errors name them, to the form's. */
export const WIRE_TO_FORM: Record<string, keyof ShortenFields> = {
  destination_url: 'destinationUrl',
  back_half: 'backHalf',
  title: 'title',
  domain: 'domain',
};

export function checkFields(
  fields: ShortenFields,
): { input: CreateLinkInput } | { errors: FieldErrors } {
  const destination = checkDestination(fields.destinationUrl);
  const parsed = CreateLinkInput.safeParse({
    ...fields,
    destinationUrl: 'url' in destination ? destination.url : fields.destinationUrl,
  });
  const errors: FieldErrors = {};
  if ('problem' in destination) errors.destinationUrl = destination.problem;
  for (const issue of parsed.error?.issues ?? []) {
    const field = issue.path[0] as keyof ShortenFields;
    errors[field] ??= fieldProblemText(field, issue);
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { errors };
  return { input: parsed.data };
}

/** The back-half's problem as typed, or undefined; empty is fine (one is generated). */
export function backHalfProblem(backHalf: string): string | undefined {
  if (backHalf === '') return undefined;
  const issue = BackHalf.safeParse(backHalf).error?.issues[0];
  return issue && fieldProblemText('backHalf', issue);
}
