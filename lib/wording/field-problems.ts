// What is wrong with a link's field, in the person's language. The contract's schemas
// (contract/wire.ts) are shared with the service, whose answers stay English, so their issues carry
// English messages; here each is told apart by its code, its field and, for custom checks,
// `params.problem`, and becomes a whole sentence of the messages: a field's name changes the words
// around it, so no sentence is a name pasted into a frame.
import type * as z from 'zod/mini';
import { BACK_HALF_MAX_LENGTH } from '../../contract/limits.ts';
import type { CustomProblem } from '../../contract/wire.ts';
import { formatNumber } from '../i18n/format.ts';
import { type MessageKey, t } from '../i18n/t.ts';

export type LinkInputField = 'destinationUrl' | 'backHalf' | 'title' | 'domain';

type Problem = CustomProblem | 'missing' | 'pattern' | 'controlCharacters';

const KEYS: Record<LinkInputField, Partial<Record<Problem, MessageKey>>> = {
  destinationUrl: {
    missing: 'destinationMissing',
    tooLong: 'destinationTooLong',
    controlCharacters: 'destinationControlCharacters',
    brokenCharacter: 'destinationBrokenCharacter',
    notAWebAddress: 'destinationNotAWebAddress',
    notHttp: 'destinationNotHttp',
    credentials: 'destinationCredentials',
    tooLongEncoded: 'destinationTooLongEncoded',
  },
  backHalf: { tooLong: 'backHalfTooLong', pattern: 'backHalfPattern' },
  title: {
    tooLong: 'titleTooLong',
    controlCharacters: 'titleControlCharacters',
    brokenCharacter: 'titleBrokenCharacter',
  },
  domain: {
    missing: 'domainEmpty',
    tooLong: 'domainTooLong',
    controlCharacters: 'domainControlCharacters',
    brokenCharacter: 'domainBrokenCharacter',
  },
};

function problemOf(field: LinkInputField, issue: z.core.$ZodIssue): Problem | undefined {
  switch (issue.code) {
    case 'too_small':
      return 'missing';
    case 'too_big':
      return 'tooLong';
    // The back-half's one pattern is its alphabet; every other field's is "no control character".
    case 'invalid_format':
      return field === 'backHalf' ? 'pattern' : 'controlCharacters';
    case 'custom':
      return issue.params?.problem;
    default:
      return undefined;
  }
}

const count = (value: number) => formatNumber(value, { useGrouping: false });

/**
 * The issue as a sentence in the person's language. An issue no form can cause (a value that is
 * not text) keeps the contract's English message.
 */
export function fieldProblemText(field: LinkInputField, issue: z.core.$ZodIssue): string {
  const problem = problemOf(field, issue);
  const key = problem && KEYS[field][problem];
  if (!key) return issue.message;
  if (problem === 'pattern') return t(key, count(1), count(BACK_HALF_MAX_LENGTH));
  const maximum =
    issue.code === 'too_big'
      ? issue.maximum
      : issue.code === 'custom'
        ? issue.params?.maximum
        : undefined;
  return maximum === undefined ? t(key) : t(key, count(Number(maximum)));
}
