import { useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import { FilePicker } from '../../../../components/ui/FilePicker.tsx';
import { FormField } from '../../../../components/ui/FormField.tsx';
import { Modal, ModalTitle } from '../../../../components/ui/Modal.tsx';
import type { ColumnMap } from '../../../../contract/import-file.ts';
import type { Account } from '../../../../lib/account/account.ts';
import { offersLinkField } from '../../../../lib/api/service-offer.ts';
import { formatNumber } from '../../../../lib/i18n/format.ts';
import { plural, t } from '../../../../lib/i18n/t.ts';
import {
  IMPORT_JOB_KEY,
  readImportJob,
  sendImportMessage,
} from '../../../../lib/import/import-background.ts';
import {
  ImportJob,
  type JobRow,
  newImportJob,
  progressOf,
} from '../../../../lib/import/import-links.ts';
import {
  type ImportPlan,
  importBytesOf,
  type PlanIssue,
  rowsToSend,
} from '../../../../lib/import/import-plan.ts';
import { describeApiError } from '../../../../lib/wording/error-text.ts';
import { importJobReportCsv, setAsideRows } from './import-report.ts';
import { importIssueText, importRowIssueText, unknownDomainsText } from './import-text.ts';
import type { PlanRequest } from './plan-worker.ts';
import './import.css';

type Checked =
  | { ok: true; plan: ImportPlan; header?: string[] }
  | { ok: false; issue: PlanIssue; header?: string[] };

const count = (n: number) => formatNumber(n);

/** Names in a list as the person's language writes one (`a, b` in English). */

/** The file (or the pasted lines) read and checked in a worker, never on the page's thread. */
function checkInWorker(request: PlanRequest): Promise<Checked> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./plan-worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<Checked>) => {
      resolve(event.data);
      worker.terminate();
    };
    worker.onerror = (event) => {
      reject(new Error(event.message));
      worker.terminate();
    };
    worker.postMessage(request, [request.bytes]);
  });
}

/**
 * The stored import job of this account, kept in step with the background's writes. A job that had
 * ended when the dialog opened, or once a new file is checked, is set aside: the dialog opens
 * afresh, with no old "Done" above the new check.
 */
function useImportJob(accountId: string) {
  const [job, setJob] = useState<ImportJob>();
  const [setAsideId, setSetAsideId] = useState<string>();
  useEffect(() => {
    let live = true;
    void readImportJob().then((stored) => {
      if (!live) return;
      if (stored?.state === 'done') setSetAsideId(stored.id);
      setJob(stored);
    });
    const onChanged = (changes: Record<string, { newValue?: unknown }>, area: string) => {
      if (area !== 'local' || !(IMPORT_JOB_KEY in changes)) return;
      const parsed = ImportJob.safeParse(changes[IMPORT_JOB_KEY]?.newValue);
      setJob(parsed.success ? parsed.data : undefined);
    };
    browser.storage.onChanged.addListener(onChanged);
    return () => {
      live = false;
      browser.storage.onChanged.removeListener(onChanged);
    };
  }, []);
  const shown = job?.accountId === accountId && job.id !== setAsideId ? job : undefined;
  const setAsideIfDone = () => {
    if (shown?.state === 'done') setSetAsideId(shown.id);
  };
  return { job: shown, setAsideIfDone };
}

function download(job: ImportJob) {
  const url = URL.createObjectURL(new Blob([importJobReportCsv(job)], { type: 'text/csv' }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = 'import-report.csv';
  anchor.click();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

function Progress({ job }: { job: ImportJob }) {
  const { done, total, created } = progressOf(job);
  const outcomes = (outcome: JobRow['outcome']) =>
    job.rows.filter((row) => row.outcome === outcome).length;
  const waiting = job.waitUntil !== undefined && job.waitUntil > Date.now();
  return (
    <div className="import-progress">
      <progress max={total} value={done} aria-label={t('importProgressLabel')} />
      <p role="status">
        {job.state === 'done'
          ? plural(
              'importDone',
              created,
              count(outcomes('already_there')),
              count(outcomes('back_half_taken')),
              count(outcomes('invalid')),
              count(outcomes('failed')),
            )
          : t(
              job.state === 'paused'
                ? 'importProgressPaused'
                : waiting
                  ? 'importProgressWaiting'
                  : 'importProgress',
              count(done),
              count(total),
            )}
      </p>
      <div className="row actions">
        {job.state === 'running' && (
          <button type="button" onClick={() => void sendImportMessage({ type: 'import-pause' })}>
            {t('importPause')}
          </button>
        )}
        {job.state === 'paused' && (
          <button type="button" onClick={() => void sendImportMessage({ type: 'import-resume' })}>
            {t('importResume')}
          </button>
        )}
        {job.state === 'done' && (
          <button type="button" onClick={() => download(job)}>
            {t('importDownloadReport')}
          </button>
        )}
      </div>
    </div>
  );
}

/** "Import links": a CSV file or pasted addresses, checked, then imported by the background. */
export function ImportDialog({ account, onClose }: { account: Account; onClose: () => void }) {
  const { job, setAsideIfDone } = useImportJob(account.connection.id);
  const [file, setFile] = useState<File>();
  const [pasted, setPasted] = useState('');
  const [columns, setColumns] = useState<ColumnMap>();
  const [checking, setChecking] = useState(false);
  const [checked, setChecked] = useState<Checked>();
  const [generate, setGenerate] = useState(false);
  const [failure, setFailure] = useState<string>();

  const check = async (chosen = columns) => {
    setAsideIfDone();
    setChecking(true);
    setFailure(undefined);
    try {
      const bytes = file
        ? await importBytesOf(file)
        : (new TextEncoder().encode(pasted).buffer as ArrayBuffer);
      // The cached list, refreshed first: the check is against what the service has now.
      const [links, domains, offer] = await Promise.all([
        account.refreshLinks({ fresh: true }),
        account.refreshDomains().catch(() => []),
        account.serviceOffer().catch(() => undefined),
      ]);
      // Marks for the speed test: the list refresh and the file's check are timed apart.
      performance.mark('import-links-refreshed');
      setChecked(
        await checkInWorker({
          bytes,
          columns: chosen,
          account: {
            links: links.map(({ shortUrl, destinationUrl }) => ({ shortUrl, destinationUrl })),
            domains: domains.map((domain) => domain.domain),
            offered: {
              expiresAt: offersLinkField(offer, 'expires_at'),
              maxClicks: offersLinkField(offer, 'max_clicks'),
              tags: offersLinkField(offer, 'tags'),
            },
          },
        }),
      );
    } catch (error) {
      setFailure(describeApiError(error).message);
    } finally {
      setChecking(false);
    }
  };

  const plan = checked?.ok ? checked.plan : undefined;
  const toSend = plan ? rowsToSend(plan, generate ? 'generate' : 'skip') : [];
  const start = () => {
    if (!plan || toSend.length === 0) return;
    const created = newImportJob(
      account.connection.id,
      toSend,
      generate,
      setAsideRows(plan, generate),
    );
    void sendImportMessage({ type: 'import-start', job: created });
    setChecked(undefined);
  };
  const busy = job && job.state !== 'done';

  return (
    <Modal className="modal-box import-dialog" onCancel={onClose}>
      <ModalTitle>{t('importTitle')}</ModalTitle>
      {job && <Progress job={job} />}
      {!busy && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void check();
          }}
        >
          <FormField id="import-file" label={t('importCsvFile')}>
            {(inputProps) => (
              <FilePicker
                inputProps={inputProps}
                accept=".csv,.tsv,.txt,text/csv,text/plain"
                fileName={file?.name}
                onChoose={(chosen) => {
                  setFile(chosen);
                  setChecked(undefined);
                  setColumns(undefined);
                }}
              />
            )}
          </FormField>
          <label>
            {t('importPaste')}
            <textarea
              rows={4}
              value={pasted}
              disabled={file !== undefined}
              onChange={(event) => {
                setPasted(event.target.value);
                setChecked(undefined);
              }}
            />
          </label>
          {checked && !checked.ok && checked.header && (
            <label>
              {t('importColumn')}
              <select
                value={columns?.destination ?? ''}
                onChange={(event) => {
                  const chosen = { destination: Number(event.target.value) };
                  setColumns(chosen);
                  void check(chosen);
                }}
              >
                <option value="">{t('importChooseColumn')}</option>
                {checked.header.map((name, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a column is its position; the header does not change while shown.
                  <option key={`${index}-${name}`} value={index}>
                    {name || t('importColumnNumber', count(index + 1))}
                  </option>
                ))}
              </select>
            </label>
          )}
          <div className="row actions">
            <button type="submit" aria-disabled={checking || (!file && pasted.trim() === '')}>
              {checking ? t('importChecking') : t('importCheck')}
            </button>
          </div>
        </form>
      )}
      <div role="alert">
        {failure && <p className="notice error">{failure}</p>}
        {checked && !checked.ok && <p className="notice error">{importIssueText(checked.issue)}</p>}
      </div>
      {plan && !busy && (
        <div className="import-check">
          <ul>
            <li>{t('importToMake', count(plan.toMake.length))}</li>
            <li>{t('importAlreadyThere', count(plan.alreadyThere.length))}</li>
            <li>{t('importCollisions', count(plan.collisions.length))}</li>
            <li>{t('importInvalid', count(plan.invalid.length))}</li>
            {plan.unknownDomains.length > 0 && <li>{unknownDomainsText(plan.unknownDomains)}</li>}
          </ul>
          {plan.collisions.length > 0 && (
            <fieldset>
              <legend>{t('importCollisionsLegend')}</legend>
              <label>
                <input type="radio" checked={!generate} onChange={() => setGenerate(false)} />
                {t('importSkipCollisions')}
              </label>
              <label>
                <input type="radio" checked={generate} onChange={() => setGenerate(true)} />
                {t('importGenerateBackHalf')}
              </label>
            </fieldset>
          )}
          {plan.invalid.length > 0 && (
            <details>
              <summary>{t('importWhyInvalid')}</summary>
              <ul>
                {plan.invalid.slice(0, 200).map((row) => (
                  <li key={row.row}>
                    {t('importRowReason', count(row.row), importRowIssueText(row.issue))}
                  </li>
                ))}
              </ul>
            </details>
          )}
          <div className="row actions">
            {toSend.length > 0 ? (
              <button type="button" onClick={start}>
                {plural('importSubmit', toSend.length)}
              </button>
            ) : (
              <p>{t('importNothingToImport')}</p>
            )}
          </div>
        </div>
      )}
      <div className="row actions">
        <button type="button" onClick={onClose}>
          {t('importClose')}
        </button>
      </div>
    </Modal>
  );
}
