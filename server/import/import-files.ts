// The files of `service import`: the CSV read whole, after checking what it is and its size, and
// the report, written beside its name and moved into place only once it is complete, so that an
// error never leaves an emptied report, and never in place of the file being imported.
import {
  accessSync,
  constants,
  lstatSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import {
  decodeImportFile,
  type ImportRow,
  importRows,
  readImportText,
} from '../../contract/import-file.ts';
import { AdminError } from '../accounts/admin.ts';
import { megabytes, notAFile } from '../shared/file-kind.ts';

/**
 * What one run reads: the whole file becomes one string, and V8's strings end near 512 MiB (a
 * larger file used to be refused as "not UTF-8"). A larger export is split and run in parts.
 */
export const IMPORT_COMMAND_MAX_BYTES = 500_000_000;

const codeOf = (error: unknown) => (error as NodeJS.ErrnoException).code ?? String(error);

/** The rows of the file, or an AdminError with one sentence. */
export function readImportFile(file: string): ImportRow[] {
  let bytes: Buffer;
  try {
    const stats = statSync(file);
    const kind = notAFile(stats);
    if (kind === 'a folder') throw new AdminError(`${file} is a folder, not a CSV file.`);
    // A named pipe would wait for a writer forever, a device such as /dev/zero never end.
    if (kind) throw new AdminError(`${file} is ${kind}, not a CSV file: give a file.`);
    if (stats.size > IMPORT_COMMAND_MAX_BYTES)
      throw new AdminError(
        `${file} is ${megabytes(stats.size)}, more than the ${megabytes(IMPORT_COMMAND_MAX_BYTES)} one import reads: split it into smaller files and import each (links already imported are skipped).`,
      );
    bytes = readFileSync(file);
  } catch (error) {
    if (error instanceof AdminError) throw error;
    const code = codeOf(error);
    if (code === 'ENOENT') throw new AdminError(`There is no file ${file}.`);
    if (code === 'EISDIR') throw new AdminError(`${file} is a folder, not a CSV file.`);
    throw new AdminError(`The file ${file} cannot be read (${code}).`);
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

export type ReportFile = {
  /** Writes the report and moves it into place; an AdminError says why it could not. */
  write(text: string): void;
  /** Removes what write() would have moved into place (an error before it). */
  discard(): void;
};

/**
 * The report, checked before anything is imported: a regular file or none, never the file being
 * imported, replaced only with --force; and its folder writable.
 */
export function openReport(
  report: string,
  options: { input: string; force?: boolean },
): ReportFile {
  const existing = lstatSync(report, { throwIfNoEntry: false });
  const input = statSync(options.input, { throwIfNoEntry: false });
  const target = statSync(report, { throwIfNoEntry: false });
  if (
    path.resolve(report) === path.resolve(options.input) ||
    (input && target && input.dev === target.dev && input.ino === target.ino)
  )
    throw new AdminError(
      `--report names the file being imported: choose another name for the report.`,
    );
  const kind = existing && notAFile(existing);
  if (kind)
    throw new AdminError(
      `The report ${report} is ${kind}, not a file: choose another name for the report.`,
    );
  if (existing && !options.force)
    throw new AdminError(
      `The report ${report} already exists: choose another name, or add --force to replace it.`,
    );
  const folder = path.dirname(path.resolve(report));
  const partial = path.join(folder, `.${path.basename(report)}.partial-${process.pid}`);
  // Checked now, written at the end: nothing is left behind if the import is stopped meanwhile.
  try {
    accessSync(folder, constants.W_OK);
  } catch (error) {
    throw new AdminError(
      `The report ${report} cannot be written (${codeOf(error)}); nothing was imported.`,
    );
  }
  const discard = () => rmSync(partial, { force: true });
  return {
    discard,
    write(text) {
      try {
        writeFileSync(partial, text);
        renameSync(partial, report);
      } catch (error) {
        discard();
        throw new AdminError(
          `The report ${report} could not be written (${codeOf(error)}), though the import itself is done, as the line above says.`,
        );
      }
    },
  };
}
