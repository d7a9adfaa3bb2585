// The words of the UTM fields (lib/campaigns/utm.ts): each field's name, and a whole sentence per
// field and problem, since a field's name changes the words around it.

import { formatNumber } from '../i18n/format.ts';
import { type MessageKey, t } from '../i18n/t.ts';
import {
  UTM_VALUE_MAX_LENGTH,
  type UtmField,
  type UtmProblem,
  type UtmValues,
  utmProblemCodes,
  utmValueProblemCode,
} from './utm.ts';

/** Each field's problem, in a sentence. */
export type UtmErrors = Partial<Record<UtmField, string>>;

/** The messages that name each field (Source, Medium…), in the popup and in Preferences alike. */
export const UTM_LABEL_KEYS: Record<UtmField, MessageKey> = {
  source: 'utmSource',
  medium: 'utmMedium',
  campaign: 'utmCampaign',
  term: 'utmTerm',
  content: 'utmContent',
};

const PROBLEM_KEYS: Record<UtmField, Record<UtmProblem, MessageKey>> = {
  source: {
    tooLong: 'utmSourceTooLong',
    controlCharacters: 'utmSourceControlCharacters',
    brokenCharacter: 'utmSourceBrokenCharacter',
  },
  medium: {
    tooLong: 'utmMediumTooLong',
    controlCharacters: 'utmMediumControlCharacters',
    brokenCharacter: 'utmMediumBrokenCharacter',
  },
  campaign: {
    tooLong: 'utmCampaignTooLong',
    controlCharacters: 'utmCampaignControlCharacters',
    brokenCharacter: 'utmCampaignBrokenCharacter',
  },
  term: {
    tooLong: 'utmTermTooLong',
    controlCharacters: 'utmTermControlCharacters',
    brokenCharacter: 'utmTermBrokenCharacter',
  },
  content: {
    tooLong: 'utmContentTooLong',
    controlCharacters: 'utmContentControlCharacters',
    brokenCharacter: 'utmContentBrokenCharacter',
  },
};

const problemSentence = (field: UtmField, problem: UtmProblem) =>
  t(PROBLEM_KEYS[field][problem], formatNumber(UTM_VALUE_MAX_LENGTH));

/**
 * What is wrong with one value as typed, in the person's language, or undefined; empty is fine
 * (the parameter is left out).
 */
export function utmValueProblem(field: UtmField, value: string): string | undefined {
  const problem = utmValueProblemCode(value);
  return problem && problemSentence(field, problem);
}

/** Each field's problem in a sentence; empty when every value can be sent. */
export function utmProblems(values: UtmValues): UtmErrors {
  const problems = Object.entries(utmProblemCodes(values)) as [UtmField, UtmProblem][];
  return Object.fromEntries(
    problems.map(([field, problem]) => [field, problemSentence(field, problem)]),
  );
}
