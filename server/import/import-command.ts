// `service import --db DB --email E FILE.csv [--report FILE]`: the file is read and checked whole
// before the database is opened, so bad input writes nothing.
import { readFileSync, writeFileSync } from 'node:fs';
import {
  decodeImportFile,
  type ImportRow,
  importRows,
  readImportText,
} from '../../contract/import-file.ts';
import { importSummary } from '../../contract/import-rows.ts';
import { AdminError } from '../accounts/admin.ts';
import { createDestinationRules, watchBlockedHosts } from '../links/destinations.ts';
import { createShortDomains } from '../shared/short-domain.ts';
import { openStorage, type StorageOptions } from '../storage/open-storage.ts';
import { importLinks, skippedReport } from './import-links.ts';

export type ImportCommand = {
  file: string;
  email: string;
  db: string;
  storageOptions?: StorageOptions;
  /** host[:port] of the service's short links, as `serve` is given it. */
  shortDomain: string;
  blockedHostsFile?: string;
  reportFile?: string;
  /** Progress lines, then the summary last. */
  say(line: string): void;
};

const count = (n: number) => n.toLocaleString('en-US');

/** The rows of the file, or an AdminError with one sentence. */
export function readImportFile(file: string): ImportRow[] {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new AdminError(`There is no file ${file}.`);
    if (code === 'EISDIR') throw new AdminError(`${file} is a folder, not a CSV file.`);
    throw new AdminError(`The file ${file} cannot be read (${code ?? error}).`);
  }
  const decoded = decodeImportFile(bytes);
  if ('problem' in decoded) throw new AdminError(`${file}: ${decoded.problem}`);
  const read = readImportText(decoded.text);
  if (!read.ok) {
    // The command line has no hand mapping: the header row is where a column gets its name.
    throw new AdminError(
      `${file}: ${read.problem.replace(', or choose it by hand.', ' in the header row.')}`,
    );
  }
  return importRows(read.table);
}

export async function runImportCommand(command: ImportCommand): Promise<void> {
  const rows = readImportFile(command.file);
  if (command.reportFile) {
    try {
      writeFileSync(command.reportFile, '');
    } catch (error) {
      throw new AdminError(
        `The report ${command.reportFile} cannot be written (${(error as NodeJS.ErrnoException).code ?? error}); nothing was imported.`,
      );
    }
  }
  const blockedHosts = command.blockedHostsFile
    ? watchBlockedHosts(command.blockedHostsFile, () => {})
    : undefined;
  const domains = createShortDomains(command.shortDomain);
  const store = await openStorage(command.db, command.storageOptions);
  try {
    const account = await store.accountByEmail(command.email);
    if (!account) throw new AdminError(`No account with the email ${command.email}.`);
    const customDomains = new Map<string, boolean>();
    const destinations = createDestinationRules({
      domains,
      blockedHosts,
      async isCustomDomain(host) {
        let known = customDomains.get(host);
        if (known === undefined) {
          known = await store.isCustomDomain(host);
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
    });
    if (command.reportFile) {
      writeFileSync(command.reportFile, skippedReport(result.skipped));
      command.say(`The skipped rows and why: ${command.reportFile}`);
    }
    command.say(importSummary(result.counts));
  } finally {
    await store.close();
  }
}
