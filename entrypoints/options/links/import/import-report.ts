// "Download report": every row of the import, what became of it, and its short URL, in the
// columns the service's report has (contract/import-report.ts). The reasons are in the language
// the dialog spoke when the row was checked (the service's own words when it refused a row).
import { importReportCsv } from '../../../../contract/import-report.ts';
import { t } from '../../../../lib/i18n/t.ts';
import type { ImportJob, JobRow } from '../../../../lib/import/import-links.ts';
import type { ImportPlan } from '../../../../lib/import/import-plan.ts';
import { importRowIssueText } from './import-text.ts';

/** The rows Check set aside, for the report: each with its destination and back-half. */
export function setAsideRows(plan: ImportPlan, generate: boolean): JobRow[] {
  return [
    ...plan.alreadyThere.map((row) => ({
      row: row.row,
      destinationUrl: row.destinationUrl,
      backHalf: row.backHalf,
      title: '',
      outcome: 'already_there' as const,
      shortUrl: row.shortUrl.startsWith('http') ? row.shortUrl : undefined,
    })),
    ...plan.invalid.map((row) => ({
      row: row.row,
      destinationUrl: row.destinationUrl,
      backHalf: row.backHalf,
      title: '',
      outcome: 'invalid' as const,
      reason: importRowIssueText(row.issue),
    })),
    ...(generate
      ? []
      : plan.collisions.map((row) => ({
          ...row,
          outcome: 'back_half_taken' as const,
          reason: t('importCollisionReason', row.backHalf, row.heldBy),
        }))),
  ];
}

export function importJobReportCsv(job: ImportJob): string {
  return importReportCsv(job.rows.map((row) => ({ ...row, outcome: row.outcome ?? 'not sent' })));
}
