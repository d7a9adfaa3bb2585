// What is wrong with a typed tag name, in the person's language (the rules are tag-names.ts).
import { MAX_TAGS_PER_LINK, TAG_NAME_MAX_LENGTH } from '../../contract/limits.ts';
import { formatNumber } from '../i18n/format.ts';
import { t } from '../i18n/t.ts';
import type { TagNameProblem } from './tag-names.ts';

export function tagProblemText(problem: TagNameProblem): string {
  switch (problem) {
    case 'tooLong':
      return t('tagNameTooLong', formatNumber(TAG_NAME_MAX_LENGTH));
    case 'separator':
      return t('tagNameSeparator');
    case 'control':
      return t('tagNameControl');
    case 'tooMany':
      return t('tagsTooMany', formatNumber(MAX_TAGS_PER_LINK));
  }
}
