// `service import`: the command line against a running service's database (SQLite, or PostgreSQL
// in the suite's PostgreSQL run), and the import itself with its batches.
import { execFile, execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importRows, readImportText } from '../../contract/import-file.ts';
import { IMPORT_REPORT_COLUMNS } from '../../contract/import-report.ts';
import {
  expectTimeToStartProcesses,
  STARTS_PROCESSES,
} from '../../test/support/service-process.ts';
import { storedLinksOf } from '../../test/support/stored-links.ts';
import { startTestService, type TestService } from '../../test/support/test-service.ts';
import { AdminError } from '../accounts/admin.ts';
import { hashApiKey } from '../accounts/keys.ts';
import { createDestinationRules } from '../links/destinations.ts';
import { createShortDomains } from '../shared/short-domain.ts';
import { type NewLink, type Storage, StorageUnavailable } from '../storage/storage.ts';
import { readImportFile, runImportCommand } from './import-command.ts';
import { importLinks, skippedReport } from './import-links.ts';

const CLI = fileURLToPath(new URL('../cli.ts', import.meta.url));
const FIXTURES = fileURLToPath(new URL('../../test/fixtures/import/', import.meta.url));

type CliResult = { code: number | null; stdout: string; stderr: string };

let service: TestService;
let dir: string;

/** The command line on the test service's database and short domain, unless `own` names others. */
function cli(
  args: string[],
  own: string[] = ['--db', service.dbFile, '--short-domain', service.shortDomain],
): Promise<CliResult> {
  expectTimeToStartProcesses();
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [CLI, ...args, ...own],
      { encoding: 'utf8' },
      (error, stdout, stderr) => {
        resolve({
          code: error ? (typeof error.code === 'number' ? error.code : null) : 0,
          stdout,
          stderr,
        });
      },
    );
  });
}

/** A report's rows of cells, its byte-order mark dropped. */
const reportRows = (text: string) =>
  Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
const lastLine = (text: string) => text.trimEnd().split('\n').at(-1) ?? '';
const file = (name: string, content: string | Uint8Array) => {
  const where = path.join(dir, name);
  writeFileSync(where, content);
  return where;
};

beforeAll(async () => {
  service = await startTestService();
  dir = mkdtempSync(path.join(tmpdir(), 'shortlink-import-'));
  await service.createAccount('bad@example.com');
});

afterAll(async () => {
  await service?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('service import', STARTS_PROCESSES, () => {
  it('imports a file, and a second run imports nothing', async () => {
    const key = await service.createAccount('twice@example.com');
    // Our fixture with back-halves of its own (they are unique on the domain, across accounts).
    const ours = file(
      'ours.csv',
      readFileSync(path.join(FIXTURES, 'ours.csv'), 'utf8').replaceAll('/ours-', '/cli-'),
    );
    const first = await cli(['import', '--email', 'twice@example.com', ours]);
    expect(first).toMatchObject({ code: 0, stderr: '' });
    expect(first.stdout).toMatch(/^Importing 3 rows of .*ours\.csv into twice@example\.com/);
    expect(lastLine(first.stdout)).toBe(
      'Imported 3 links; skipped 0 (invalid: 0, back-half taken: 0, already there: 0)',
    );
    // Our export read back exactly: the formula-looking title as text, the encoded query kept.
    const byBackHalf = new Map((await service.storedLinks(key)).map((l) => [l.backHalf, l]));
    expect(byBackHalf.get('cli-2')).toMatchObject({
      domain: '',
      destinationUrl: 'https://example.com/ours/two?q=a%20b',
      title: '=SUM(1,2)',
    });
    expect(byBackHalf.get('cli-3')?.title).toBe('Line one line two');
    const again = await cli(['import', '--email', 'twice@example.com', ours]);
    expect(lastLine(again.stdout)).toBe(
      'Imported 0 links; skipped 3 (invalid: 0, back-half taken: 0, already there: 3)',
    );
    expect(await service.storedLinks(key)).toHaveLength(3);
  });

  it('validates every row as the API does, and reports each skipped row with its reason', async () => {
    const other = await service.createAccount('holder@example.com');
    await service.insertLinks(other, [
      { backHalf: 'held', destinationUrl: 'https://example.com/held' },
    ]);
    const key = await service.createAccount('rows@example.com');
    await service.addDomain('rows@example.com', 'go.example.com');
    const blocked = file('blocked.txt', 'blocked.example\n');
    const csv = file(
      'rows.csv',
      [
        'destination_url,back_half,title,domain',
        'https://example.com/fine,fine,Fine,',
        'HTTPS://Example.COM/a b,spaced,,',
        'https://me:pw@example.com/,creds,,',
        'ftp://example.com/,ftp,,',
        `http://${service.shortDomain}/fine,loop,,`,
        'https://blocked.example/x,blocked,,',
        `https://example.com/long,${'b'.repeat(65)},,`,
        `https://example.com/title,title,${'t'.repeat(256)},`,
        'https://example.com/elsewhere,held,,',
        'https://example.com/brand,brand,,go.example.com',
        'https://example.com/unknown,unknown,,not-added.example',
        'https://example.com/fine,fine,Again,',
        'https://example.com/no-back-half,,,',
        'https://example.com/no-back-half,,,',
        '=HYPERLINK("https://evil.example"),formula,,',
      ].join('\n'),
    );
    const report = path.join(dir, 'report.csv');
    const result = await cli([
      'import',
      '--email',
      'rows@example.com',
      csv,
      '--report',
      report,
      '--blocked-hosts',
      blocked,
    ]);
    expect(result.code).toBe(0);
    expect(lastLine(result.stdout)).toBe(
      'Imported 4 links; skipped 11 (invalid: 8, back-half taken: 1, already there: 2)',
    );
    const stored = await service.storedLinks(key);
    expect(
      stored
        .map((link) => [
          link.domain,
          link.backHalf.length > 6 ? '(generated)' : link.backHalf,
          link.destinationUrl,
        ])
        .sort(),
    ).toEqual([
      ['', '(generated)', 'https://example.com/no-back-half'],
      ['', 'fine', 'https://example.com/fine'],
      ['', 'spaced', 'https://example.com/a%20b'],
      ['go.example.com', 'brand', 'https://example.com/brand'],
    ]);
    const text = readFileSync(report, 'utf8');
    const reported = reportRows(text);
    expect(reported[0]).toEqual([...IMPORT_REPORT_COLUMNS]);
    expect(reported.slice(1).map((cells) => `${cells[0]} ${cells[1]}`)).toEqual([
      '4 invalid',
      '5 invalid',
      '6 invalid',
      '7 invalid',
      '8 invalid',
      '9 invalid',
      '10 back_half_taken',
      '12 invalid',
      '13 already_there',
      '15 already_there',
      '16 invalid',
    ]);
    // Each skipped row names its destination and back-half; one already there, its short URL.
    const byRow = new Map(reported.slice(1).map((cells) => [cells[0], cells]));
    expect(byRow.get('4')).toEqual([
      '4',
      'invalid',
      '',
      'https://me:pw@example.com/',
      'creds',
      expect.stringMatching(/user or password/),
    ]);
    expect(byRow.get('13')).toEqual([
      '13',
      'already_there',
      `http://${service.shortDomain}/fine`,
      'https://example.com/fine',
      'fine',
      'The account already has this link.',
    ]);
    expect(text).toMatch(/would loop/);
    expect(text).toMatch(/blocked as blocked\.example/);
    expect(text).toMatch(/has not added the domain not-added\.example/);
    // The formula is a cell of text: refused as an address, written back defused.
    expect(text).toMatch(/"'=HYPERLINK\(""https:\/\/evil\.example""\)"/);
  });

  it('writes every cell a spreadsheet would run, fullwidth signs too, after a quote mark', () => {
    const report = skippedReport(
      [
        '=HYPERLINK("https://evil.example")',
        '＝HYPERLINK("https://evil.example")',
        '＋1',
        '@x',
      ].map((destinationUrl, index) => ({
        row: index + 2,
        outcome: 'invalid' as const,
        reason: '-The reason.',
        destinationUrl,
        backHalf: '－1',
      })),
    );
    for (const cells of reportRows(report).slice(1)) {
      expect(cells[3]).toMatch(/^'[=＝＋@]/);
      expect(cells[4]).toBe("'－1");
      expect(cells[5]).toBe("'-The reason.");
    }
  });

  it('reads every row of a file with CRLF, LF and CR mixed, and accounts for each', async () => {
    const key = await service.createAccount('mixed@example.com');
    const rows = [
      'url,title',
      'https://example.com/mixed/1,One',
      'https://example.com/mixed/2,Two',
      'https://example.com/mixed/3,Three',
      'ftp://example.com/mixed/4,Four',
      'https://example.com/mixed/5,Five',
      'https://example.com/mixed/6,Six',
    ];
    const ends = ['\r\n', '\n', '\r'];
    const csv = file('mixed.csv', rows.map((row, i) => `${row}${ends[i % 3]}`).join(''));
    const result = await cli(['import', '--email', 'mixed@example.com', csv]);
    expect(result.stdout).toMatch(/^Importing 6 rows/);
    expect(lastLine(result.stdout)).toBe(
      'Imported 5 links; skipped 1 (invalid: 1, back-half taken: 0, already there: 0)',
    );
    expect((await service.storedLinks(key)).map((link) => link.title).sort()).toEqual([
      'Five',
      'One',
      'Six',
      'Three',
      'Two',
    ]);
  });

  it.each([
    [
      'an unknown email',
      async () => ['--email', 'nobody@example.com', path.join(FIXTURES, 'ours.csv')],
      /^No account with the email nobody@example.com\.$/,
    ],
    [
      'a missing file',
      async () => ['--email', 'bad@example.com', path.join(dir, 'absent.csv')],
      /^There is no file .*absent\.csv\.$/,
    ],
    ['a folder', async () => ['--email', 'bad@example.com', dir], /is a folder, not a CSV file\.$/],
    [
      'a named pipe, which would wait for a writer',
      async () => {
        const fifo = path.join(dir, `links-${Date.now()}.fifo`);
        execFileSync('mkfifo', [fifo]);
        return ['--email', 'bad@example.com', fifo];
      },
      /^.*\.fifo is a named pipe, not a CSV file: give a file\.$/,
    ],
    [
      'a device that never ends',
      async () => ['--email', 'bad@example.com', '/dev/zero'],
      /^\/dev\/zero is a device, not a CSV file: give a file\.$/,
    ],
    [
      'a spreadsheet',
      async () => [
        '--email',
        'bad@example.com',
        file('links.xlsx', Uint8Array.from([0x50, 0x4b, 3, 4, 20, 0, 6, 0])),
      ],
      /links\.xlsx: This file is a spreadsheet or an archive/,
    ],
    [
      'an image',
      async () => [
        '--email',
        'bad@example.com',
        file('links.png', Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10])),
      ],
      /This file is an image \(PNG\)/,
    ],
    [
      'an empty file',
      async () => ['--email', 'bad@example.com', file('empty.csv', '')],
      /The file is empty/,
    ],
    [
      'a quote left open among mixed line ends',
      async () => [
        '--email',
        'bad@example.com',
        file(
          'quote.csv',
          'url,title\r\nhttps://example.com/q/1,One\rhttps://example.com/q/2,"Two\nhttps://example.com/q/3,Three\r\nhttps://example.com/q/4,"Four"\n',
        ),
      ],
      /quote\.csv: Line 3 opens a quote \("\) that is not closed where its cell ends, so the rows after it cannot be told apart: close the quote or remove it, and import the file again\.$/,
    ],
    [
      'no column of addresses',
      async () => ['--email', 'bad@example.com', file('names.csv', 'name,count\nA,1\n')],
      /No column holds the addresses: name it destination_url \(or url, long_url\) in the header row\.$/,
    ],
    ['no file named', async () => ['--email', 'bad@example.com'], /^Name the CSV file to import/],
  ])('refuses %s in one sentence, exits non-zero and writes nothing', async (_, args, sentence) => {
    const result = await cli(['import', ...(await args())]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.trimEnd()).toMatch(sentence);
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
    const owner = await service.service.store.accountByEmail('bad@example.com');
    expect(owner && (await storedLinksOf(service.service.store, owner.id))).toEqual([]);
  });

  it('keeps the file imported and an existing report, replacing a report only with --force', async () => {
    await service.createAccount('report@example.com');
    const csv = file(
      'kept.csv',
      'url,keyword\nhttps://example.com/kept,report-kept\nnot an address,x\n',
    );
    const report = file('kept-report.csv', 'an earlier report\n');
    const importing = (...more: string[]) =>
      cli(['import', '--email', 'report@example.com', csv, ...more]);

    const refused = await importing('--report', report);
    expect(refused).toEqual({
      code: 1,
      stdout: '',
      stderr: `The report ${report} already exists: choose another name, or add --force to replace it.\n`,
    });
    for (const force of [[], ['--force']]) {
      const itself = await importing('--report', csv, ...force);
      expect(itself.stderr).toBe(
        '--report names the file being imported: choose another name for the report.\n',
      );
    }
    // An error after the report was accepted leaves it as it was.
    const unknown = await cli([
      'import',
      '--email',
      'nobody@example.com',
      csv,
      '--report',
      report,
      '--force',
    ]);
    expect(unknown.stderr).toBe('No account with the email nobody@example.com.\n');
    expect(readFileSync(report, 'utf8')).toBe('an earlier report\n');
    expect(readdirSync(dir).filter((name) => name.includes('partial'))).toEqual([]);

    const forced = await importing('--report', report, '--force');
    expect(lastLine(forced.stdout)).toMatch(/^Imported 1 link; skipped 1 /);
    expect(readFileSync(report, 'utf8')).toMatch(/^\uFEFFrow,.*\r?\n"3","invalid",/);
    expect(readFileSync(csv, 'utf8')).toMatch(/^url,keyword\n/);
  });

  it('refuses a report that is not a file, such as /dev/full, in one sentence', async () => {
    await service.createAccount('full-report@example.com');
    const csv = file('full.csv', 'url\nhttps://example.com/full-report\n');
    for (const force of [[], ['--force']]) {
      const result = await cli([
        'import',
        '--email',
        'full-report@example.com',
        csv,
        '--report',
        '/dev/full',
        ...force,
      ]);
      expect(result).toEqual({
        code: 1,
        stdout: '',
        stderr:
          'The report /dev/full is a device, not a file: choose another name for the report.\n',
      });
    }
  });

  it.skipIf(process.env.SHORTLINK_TEST_ENGINE === 'postgres')(
    'refuses a --db where there is no database, creating none',
    async () => {
      const missing = path.join(dir, 'no-such.db');
      const result = await cli(
        ['import', '--email', 'bad@example.com', path.join(FIXTURES, 'ours.csv')],
        ['--db', missing, '--short-domain', service.shortDomain],
      );
      expect(result).toEqual({
        code: 1,
        stdout: '',
        stderr: `There is no database at ${missing}: give the --db that serve uses; nothing was imported.\n`,
      });
      expect(existsSync(missing)).toBe(false);
    },
  );

  it('asks for the short domain the service serves, rather than guessing localhost:8787', async () => {
    const key = await service.createAccount('which-domain@example.com');
    const csv = file('which-domain.csv', 'url,keyword\nhttps://example.com/which,which-domain\n');
    const result = await cli(
      ['import', '--email', 'which-domain@example.com', csv],
      ['--db', service.dbFile],
    );
    expect(result).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'Name the short domain the service serves with --short-domain HOST[:PORT] (or SHORTLINK_SHORT_DOMAIN), as serve gives it on its first line ("short links on …"): the import checks back-halves and destinations against it.\n',
    });
    expect(await service.storedLinks(key)).toEqual([]);
  });

  it('says the import is done when its report finds the disk full, leaving no partial report', async (context) => {
    const folder = mkdtempSync(path.join(dir, 'small-disk-'));
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=16k', 'tmpfs', folder], {
        stdio: 'ignore',
      });
    } catch {
      // Mounting needs root: said as skipped, not passed (CI runs as root).
      context.skip();
    }
    try {
      await service.createAccount('small-disk@example.com');
      const csv = file(
        'small-disk.csv',
        ['url', ...Array(2_000).fill('not an address')].join('\n'),
      );
      const report = path.join(folder, 'report.csv');
      const result = await cli([
        'import',
        '--email',
        'small-disk@example.com',
        csv,
        '--report',
        report,
      ]);
      expect(result.code).toBe(1);
      expect(lastLine(result.stdout)).toBe(
        'Imported 0 links; skipped 2000 (invalid: 2000, back-half taken: 0, already there: 0)',
      );
      expect(result.stderr).toBe(
        `The report ${report} could not be written (ENOSPC), though the import itself is done, as the line above says.\n`,
      );
      expect(readdirSync(folder)).toEqual([]);
    } finally {
      execFileSync('umount', [folder]);
    }
  });

  it('says a file is too large for one import, not that it is not UTF-8', async () => {
    const huge = file('huge.csv', 'url\n');
    truncateSync(huge, 560_000_000);
    const result = await cli(['import', '--email', 'bad@example.com', huge]);
    expect(result).toEqual({
      code: 1,
      stdout: '',
      stderr: `${huge} is 560 MB, more than the 500 MB one import reads: split it into smaller files and import each (links already imported are skipped).\n`,
    });
  });

  it('answers an imported link at once on the running instance', async () => {
    await service.createAccount('live@example.com');
    const csv = file('live.csv', 'url,keyword\nhttps://example.com/live,live-now\n');
    const before = await fetch(`${service.baseUrl}/live-now`, { redirect: 'manual' });
    expect(before.status).toBe(404);
    const result = await cli(['import', '--email', 'live@example.com', csv]);
    expect(lastLine(result.stdout)).toMatch(/^Imported 1 link;/);
    const after = await fetch(`${service.baseUrl}/live-now`, { redirect: 'manual' });
    expect(after.status).toBe(302);
    expect(after.headers.get('location')).toBe('https://example.com/live');
  });
});

describe('tags in an import', STARTS_PROCESSES, () => {
  it('applies the tags column, names separated by "," or "|", and skips a row with bad tags', async () => {
    const key = await service.createAccount('tagged-import@example.com');
    const twentyOne = Array.from({ length: 21 }, (_, i) => `t${i}`).join(',');
    const csv = file(
      'tagged.csv',
      [
        'destination_url,back_half,tags',
        'https://example.com/t1,tag-imp-1," Spring , Client A,spring"',
        'https://example.com/t2,tag-imp-2,news|eu',
        'https://example.com/t3,tag-imp-3,',
        `https://example.com/t4,tag-imp-4,${'x'.repeat(41)}`,
        `https://example.com/t5,tag-imp-5,"${twentyOne}"`,
      ].join('\n'),
    );
    const report = path.join(dir, 'tagged-report.csv');
    const result = await cli([
      'import',
      '--email',
      'tagged-import@example.com',
      '--report',
      report,
      csv,
    ]);
    expect(lastLine(result.stdout)).toBe(
      'Imported 3 links; skipped 2 (invalid: 2, back-half taken: 0, already there: 0)',
    );
    const tagsOf = new Map(
      (await service.storedLinks(key)).map((link) => [
        link.backHalf,
        (JSON.parse(link.tagsJson ?? '[]') as { name: string }[]).map((tag) => tag.name),
      ]),
    );
    expect(Object.fromEntries(tagsOf)).toEqual({
      'tag-imp-1': ['Client A', 'Spring'],
      'tag-imp-2': ['eu', 'news'],
      'tag-imp-3': [],
    });
    expect(reportRows(readFileSync(report, 'utf8')).map((row) => row.join(' '))).toEqual([
      expect.any(String),
      expect.stringContaining('A tag name is too long: at most 40 characters.'),
      expect.stringContaining('A link has at most 20 tags.'),
    ]);
  });

  it("finds the tags column of Bitly's and Shlink's files", () => {
    const tagsOfFixture = (name: string) => {
      const read = readImportText(readFileSync(path.join(FIXTURES, name), 'utf8'));
      if (!read.ok) throw new Error(`${name} is not read`);
      return importRows(read.table).map((row) => row.tags);
    };
    expect(tagsOfFixture('bitly.csv')).toEqual(['', 'news', '']);
    expect(tagsOfFixture('shlink.csv')).toEqual(['news|eu', '', '']);
  });
});

describe('the expiry and click limit in an import', STARTS_PROCESSES, () => {
  it('applies expires_at and max_clicks (or validUntil and maxVisits), and skips a row with a bad one', async () => {
    const key = await service.createAccount('ends-import@example.com');
    const csv = file(
      'ends.csv',
      [
        'destination_url,back_half,expires_at,max_clicks',
        'https://example.com/e1,end-imp-1,2099-12-31T23:59:00.000Z,250',
        'https://example.com/e2,end-imp-2,2099-06-01T12:00:00+02:00,',
        'https://example.com/e3,end-imp-3,,',
        'https://example.com/e4,end-imp-4,2001-01-01T00:00:00Z,5',
        'https://example.com/e5,end-imp-5,tomorrow,',
        'https://example.com/e6,end-imp-6,,0',
      ].join('\n'),
    );
    const shlink = file(
      'ends-shlink.csv',
      ['longUrl;shortCode;validUntil;maxVisits', 'https://example.com/e7;end-imp-7;;9'].join('\n'),
    );
    const report = path.join(dir, 'ends-report.csv');
    const email = ['--email', 'ends-import@example.com'];
    const result = await cli(['import', ...email, '--report', report, csv]);
    expect(lastLine(result.stdout)).toBe(
      'Imported 3 links; skipped 3 (invalid: 3, back-half taken: 0, already there: 0)',
    );
    expect(lastLine((await cli(['import', ...email, shlink])).stdout)).toMatch(/^Imported 1 link;/);
    const ends = (await service.storedLinks(key)).map((link) => [
      link.backHalf,
      link.expiresAt === null ? null : new Date(link.expiresAt).toISOString(),
      link.maxClicks,
    ]);
    expect(ends.sort()).toEqual([
      ['end-imp-1', '2099-12-31T23:59:00.000Z', 250],
      ['end-imp-2', '2099-06-01T10:00:00.000Z', null],
      ['end-imp-3', null, null],
      ['end-imp-7', null, 9],
    ]);
    expect(reportRows(readFileSync(report, 'utf8')).map((row) => row.join(' '))).toEqual([
      expect.any(String),
      expect.stringContaining('The expiry must be in the future (column expires_at).'),
      expect.stringContaining('The expiry must be an ISO 8601 date and time'),
      expect.stringContaining(
        'The click limit must be a whole number from 1 to 1,000,000,000 (column max_clicks).',
      ),
    ]);
  });
});

describe('an import the database stops (a full disk)', () => {
  it('says how many links it imported before, with their summary and report, and a rerun carries on', async () => {
    await service.createAccount('full-disk@example.com');
    const csv = file(
      'full-disk.csv',
      [
        'url,slug',
        'not an address,bad',
        ...Array.from({ length: 5_000 }, (_, i) => `https://example.com/full/${i},full-${i}`),
      ].join('\n'),
    );
    const report = path.join(dir, 'full-disk-report.csv');
    const store = service.service.store;
    let batches = 0;
    // The third batch of 2,000 finds the disk full, as SQLite says it.
    const fillsUp: Storage = {
      ...store,
      insertLinks: async (...args) => {
        if (++batches === 3) throw new StorageUnavailable('database or disk is full');
        return store.insertLinks(...args);
      },
      close: async () => {},
    };
    const said: string[] = [];
    const command = {
      file: csv,
      email: 'full-disk@example.com',
      db: service.dbFile,
      shortDomain: service.shortDomain,
      reportFile: report,
      say: (line: string) => said.push(line),
    };
    await expect(runImportCommand({ ...command, open: async () => fillsUp })).rejects.toThrow(
      new AdminError(
        `The import stopped because the database ${service.dbFile} could not store the change (database or disk is full), after 4,000 links were imported: run the same command again once that is mended, and it carries on where it stopped.`,
      ),
    );
    expect(said.at(-1)).toBe(
      'Imported 4000 links; skipped 1 (invalid: 1, back-half taken: 0, already there: 0)',
    );
    expect(readFileSync(report, 'utf8')).toMatch(/^\uFEFFrow,.*\r?\n"2","invalid",/);

    said.length = 0;
    await runImportCommand({ ...command, force: true, open: async () => fillsUp });
    expect(said.at(-1)).toBe(
      'Imported 1000 links; skipped 4001 (invalid: 1, back-half taken: 0, already there: 4000)',
    );
  });
});

describe('the import in batches', () => {
  const depsFor = async (email: string) => {
    const key = await service.createAccount(email);
    const owner = await service.service.store.keyOwner(hashApiKey(key));
    const domains = createShortDomains(service.shortDomain);
    return {
      key,
      accountId: owner?.accountId as number,
      domains,
      destinations: createDestinationRules({
        domains,
        isCustomDomain: (host) => service.service.store.isCustomDomain(host),
      }),
    };
  };
  const rowsOf = (count: number, from = 0) => {
    const read = readImportText(
      [
        'url,slug',
        ...Array.from({ length: count }, (_, i) => `https://example.com/${i + from},b${i + from}`),
      ].join('\n'),
    );
    if (!read.ok) throw new Error(read.problem);
    return importRows(read.table);
  };

  it.each([
    ['ours.csv', 'ours', ''],
    ['bitly.csv', 'bitly', ''],
    ['rebrandly.csv', 'rebrandly', 'links.acme.example'],
    ['shortio.csv', 'shortio', ''],
    ['dub.csv', 'dub', ''],
    ['kutt.csv', 'kutt', ''],
    ['shlink.csv', 'shlink', ''],
    ['yourls.csv', 'yourls', ''],
  ])('imports %s, and a second run imports nothing', async (name, prefix, domain) => {
    const email = `fixture-${prefix}@example.com`;
    const deps = await depsFor(email);
    if (domain) await service.addDomain(email, domain);
    const rows = readImportFile(path.join(FIXTURES, name));
    const first = await importLinks(rows, { ...deps, store: service.service.store });
    expect(first).toEqual({
      counts: { created: 3, invalid: 0, back_half_taken: 0, already_there: 0 },
      skipped: [],
    });
    const stored = await service.storedLinks(deps.key);
    expect(stored.map((link) => [link.domain, link.backHalf, link.destinationUrl]).sort()).toEqual(
      ['one', 'two', 'three']
        .map((word, i) => [
          domain,
          `${prefix}-${i + 1}`,
          expect.stringContaining(`https://example.com/${prefix}/${word}`),
        ])
        .sort(),
    );
    const again = await importLinks(rows, { ...deps, store: service.service.store });
    expect(again.counts).toEqual({ created: 0, invalid: 0, back_half_taken: 0, already_there: 3 });
  });

  it('stores a batch whole or not at all', async () => {
    const { key, accountId } = await depsFor('whole@example.com');
    const good = (backHalf: string): NewLink => ({
      domain: '',
      backHalf,
      destinationUrl: `https://example.com/${backHalf}`,
      title: '',
      createdAt: Date.now(),
    });
    // A row the database itself refuses, after two good ones.
    const broken = { ...good('c'), destinationUrl: null } as unknown as NewLink;
    await expect(
      service.service.store.insertLinks(accountId, [good('whole-a'), good('whole-b'), broken]),
    ).rejects.toThrow();
    expect(await service.storedLinks(key)).toEqual([]);
  });

  it('reports progress after each batch, and goes on from where a failed run stopped', async () => {
    const deps = await depsFor('batches@example.com');
    const progress: string[] = [];
    let inserts = 0;
    const failing = {
      ...service.service.store,
      insertLinks: async (...args: Parameters<typeof service.service.store.insertLinks>) => {
        if (++inserts === 3) throw new Error('disk gone');
        return service.service.store.insertLinks(...args);
      },
    };
    await expect(
      importLinks(rowsOf(10), {
        ...deps,
        store: failing,
        batchRows: 3,
        onProgress: (done, total) => progress.push(`${done}/${total}`),
      }),
    ).rejects.toThrow('disk gone');
    expect(progress).toEqual(['3/10', '6/10']);
    expect(await service.storedLinks(deps.key)).toHaveLength(6);
    const again = await importLinks(rowsOf(10), {
      ...deps,
      store: service.service.store,
      batchRows: 3,
    });
    expect(again.counts).toEqual({ created: 4, invalid: 0, back_half_taken: 0, already_there: 6 });
    expect(await service.storedLinks(deps.key)).toHaveLength(10);
  });
});
