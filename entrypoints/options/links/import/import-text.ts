// The import's issues (codes from contract/import-file.ts, contract/import-rows.ts and lib/import/import-plan.ts) in the
// person's language: one whole sentence per code, its values filled in by the message.
import {
  MAX_CLICKS_LIMIT,
  MAX_TAGS_PER_LINK,
  TAG_NAME_MAX_LENGTH,
} from '../../../../contract/limits.ts';
import { formatNumber } from '../../../../lib/i18n/format.ts';
import { leftToRight, plural, t, uiLanguage } from '../../../../lib/i18n/t.ts';
import type { PlanIssue, PlanRowIssue } from '../../../../lib/import/import-plan.ts';
import { fieldProblemText } from '../../../../lib/wording/field-problems.ts';

/** Why the file cannot be imported. */
export function importIssueText(issue: PlanIssue): string {
  switch (issue.code) {
    case 'archive':
      return t('importIssueArchive');
    case 'oldExcel':
      return t('importIssueOldExcel');
    case 'pdf':
      return t('importIssuePdf');
    case 'image':
      return t('importIssueImage', issue.format);
    case 'compressed':
      return t('importIssueCompressed');
    case 'notUtf8':
      return t('importIssueNotUtf8');
    case 'notText':
      return t('importIssueNotText');
    case 'empty':
      return t('importIssueEmpty');
    case 'headerOnly':
      return t('importIssueHeaderOnly');
    case 'noDestinationColumn':
      return t('importIssueNoDestinationColumn');
    case 'unclosedQuote':
      // As the person's text editor numbers the line: digits only, no group separators.
      return t('importIssueUnclosedQuote', String(issue.line));
    case 'tooLarge':
      return t('importIssueTooLarge', formatNumber(issue.megabytes));
    case 'tooManyRows':
      return plural('importIssueTooManyRows', issue.rows, formatNumber(issue.max));
  }
}

/** Why one row is set aside. */
export function importRowIssueText(issue: PlanRowIssue): string {
  switch (issue.code) {
    case 'destinationEmpty':
      return t('importRowDestinationEmpty');
    case 'shortUrlNotAddress':
      return t('importRowShortUrlNotAddress', issue.shortUrl);
    case 'domainNotAdded':
      return t('importRowDomainNotAdded', issue.domain);
    case 'fieldRule':
      return fieldProblemText(issue.field, issue.detail);
    case 'tags':
      return t('importRowTags', formatNumber(MAX_TAGS_PER_LINK), formatNumber(TAG_NAME_MAX_LENGTH));
    case 'linkEnd':
      if (issue.problem === 'notInstant') {
        return t('importRowExpiresNotInstant', issue.column, leftToRight('2026-12-31T23:59:00Z'));
      }
      if (issue.problem === 'past') return t('importRowExpiresPast', issue.column);
      return t(
        'importRowClickLimitRule',
        issue.column,
        formatNumber(1),
        formatNumber(MAX_CLICKS_LIMIT),
      );
  }
}

/** The domains a file names that the account has not added, each read left to right. */
export function unknownDomainsText(domains: string[]): string {
  const list = new Intl.ListFormat(uiLanguage(), { type: 'unit', style: 'short' });
  return plural('importUnknownDomains', domains.length, list.format(domains.map(leftToRight)));
}
