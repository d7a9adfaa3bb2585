// `service import --db DB --email E FILE.csv [--report FILE]`: the file is read and checked whole,
// and the report's name checked, before the database is opened, so bad input writes nothing.
import { existsSync } from 'node:fs';
import { importSummary } from '../../contract/import-rows.ts';
import { AdminError } from '../accounts/admin.ts';
import { createDestinationRules, watchBlockedHosts } from '../links/destinations.ts';
import { createShortDomains } from '../shared/short-domain.ts';
import { isPostgresUrl, openStorage, type StorageOptions } from '../storage/open-storage.ts';
import { type Storage, StorageUnavailable } from '../storage/storage.ts';
import { openReport, type ReportFile, readImportFile } from './import-files.ts';
import { type ImportResult, ImportStopped, importLinks, skippedReport } from './import-links.ts';

export { readImportFile } from './import-files.ts';

export type ImportCommand = {
  file: string;
  email: string;
  db: string;
  /** The database as messages name it (a PostgreSQL URL without its password); `db` if absent. */
  databaseName?: string;
  storageOptions?: StorageOptions;
  /** host[:port] of the service's short links, as `serve` is given it. */
  shortDomain: string;
  blockedHostsFile?: string;
  reportFile?: string;
  /** Replace an existing report. */
  force?: boolean;
  /** Progress lines, then the summary last. */
  say(line: string): void;
  /** Tests: the storage to import into instead of opening `db`. */
  open?: (db: string, options?: StorageOptions) => Promise<Storage>;
};

const count = (n: number) => n.toLocaleString('en-US');

/** Why the import stopped, with how far it got: a rerun carries on, skipping what is there. */
function stoppedSentence(command: ImportCommand, stopped: ImportStopped): string {
  const { cause } = stopped;
  const created = stopped.sofar.counts.created;
  const why =
    cause instanceof StorageUnavailable
      ? `the database ${command.databaseName ?? command.db} could not store the change (${cause.reason})`
      : `of an error (${cause instanceof Error ? cause.message : String(cause)})`;
  return `The import stopped because ${why}, after ${count(created)} ${created === 1 ? 'link was' : 'links were'} imported: run the same command again once that is mended, and it carries on where it stopped.`;
}

export async function runImportCommand(command: ImportCommand): Promise<void> {
  const rows = readImportFile(command.file);
  // An import adds to a database that serve made; a mistyped --db must not start an empty one.
  if (!isPostgresUrl(command.db) && !existsSync(command.db))
    throw new AdminError(
      `There is no database at ${command.db}: give the --db that serve uses; nothing was imported.`,
    );
  const blockedHosts = command.blockedHostsFile
    ? watchBlockedHosts(command.blockedHostsFile, () => {})
    : undefined;
  const domains = createShortDomains(command.shortDomain);
  const report: ReportFile | undefined = command.reportFile
    ? openReport(command.reportFile, { input: command.file, force: command.force })
    : undefined;
  /** The report, then the summary last; a report that cannot be written fails after it. */
  const finish = (result: ImportResult, reportIs: string) => {
    let reportFailure: unknown;
    if (report) {
      try {
        report.write(skippedReport(result.skipped));
        command.say(`${reportIs}: ${command.reportFile}`);
      } catch (error) {
        reportFailure = error;
      }
    }
    command.say(importSummary(result.counts));
    if (reportFailure) throw reportFailure;
  };
  let store: Storage | undefined;
  try {
    store = await (command.open ?? openStorage)(command.db, command.storageOptions);
    const account = await store.accountByEmail(command.email);
    if (!account) throw new AdminError(`No account with the email ${command.email}.`);
    const customDomains = new Map<string, boolean>();
    const opened = store;
    const destinations = createDestinationRules({
      domains,
      blockedHosts,
      async isCustomDomain(host) {
        let known = customDomains.get(host);
        if (known === undefined) {
          known = await opened.isCustomDomain(host);
          customDomains.set(host, known);
        }
        return known;
      },
    });
    command.say(`Importing ${count(rows.length)} rows of ${command.file} into ${command.email}…`);
    const result = await importLinks(rows, {
      store,
      accountId: account.id,
      domains,
      destinations,
      onProgress: (done, total) => {
        if (done < total) command.say(`${count(done)} of ${count(total)} rows`);
      },
    }).catch((error: unknown) => {
      if (!(error instanceof ImportStopped)) throw error;
      // What was stored is reported and summed up as after a whole run, then why it stopped
      // (the disk that stopped it may refuse the report too: the sentence is what counts then).
      try {
        finish(error.sofar, 'The rows skipped before it stopped, and why');
      } catch {}
      throw new AdminError(stoppedSentence(command, error));
    });
    finish(result, 'The skipped rows and why');
  } finally {
    report?.discard();
    await store?.close();
  }
}
