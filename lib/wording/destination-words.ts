// A typed destination's problem in a sentence. A module of its own: the rule it words
// (lib/links/destination.ts) reaches zod, which the popup's first script must not.
import { t } from '../i18n/t.ts';
import { parseDestination } from '../links/destination.ts';
import { fieldProblemText } from './field-problems.ts';

/**
 * The address to shorten, or what is wrong with it in a sentence of the person's language. Text
 * that could not be an address at all is told so, rather than which rule of an address it breaks.
 */
export function checkDestination(typed: string): { url: string } | { problem: string } {
  const parsed = parseDestination(typed);
  if ('url' in parsed) return parsed;
  const { problem } = parsed;
  return {
    problem:
      problem.code === 'notAnAddress'
        ? t('destinationNotAnAddress')
        : fieldProblemText('destinationUrl', problem.values.issue),
  };
}
