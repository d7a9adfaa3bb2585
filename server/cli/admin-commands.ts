// The commands that work on the database and exit: its schema, accounts, keys, custom domains and
// backups. Each opens the storage, does one thing, prints one line and closes it.
import {
  AdminError,
  addDomain,
  createAccount,
  createKey,
  revokeKey,
  setPlan,
} from '../accounts/admin.ts';
import { healthReport } from '../health-checks/health-report.ts';
import { deleteExpiredLinks, deleteExpiredSummary, parseBefore } from '../links/delete-expired.ts';
import { createDestinationRules, watchBlockedHosts } from '../links/destinations.ts';
import { domainLines, fallbacksText, setDomainFallbacks } from '../links/domain-settings.ts';
import { BackupError, backupSqlite, POSTGRES_BACKUP_ADVICE } from '../ops/backup.ts';
import { systemClock } from '../shared/clock.ts';
import { createShortDomains } from '../shared/short-domain.ts';
import { isPostgresUrl, openStorage } from '../storage/open-storage.ts';
import type { Storage } from '../storage/storage.ts';
import type { CommandLine } from './command-line.ts';

/** How long a command waits for the service's lock: it serves nobody, so it can wait. */
export const ADMIN_BUSY_TIMEOUT_MS = 5_000;

async function admin(cli: CommandLine, run: (store: Storage) => Promise<string>): Promise<void> {
  const store = await openStorage(cli.dbFile, { busyTimeoutMs: ADMIN_BUSY_TIMEOUT_MS });
  try {
    console.log(await run(store));
  } finally {
    await store.close();
  }
}

/** The whole of standard input (a pipe, a file, or what is typed until Ctrl-D). */
async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The key to act on: `--key -` reads it from standard input, so it appears in neither the process
 * list nor the shell's history; its last non-empty line is taken, so that the output of
 * `key create` can be piped straight in.
 */
async function keyArgument(cli: CommandLine): Promise<string> {
  const given = cli.required('key');
  if (given !== '-') {
    console.error(
      'Note: a key on the command line stays in the shell history and shows in the process list; next time, send it on standard input with --key -.',
    );
    return given;
  }
  const key = (await readStdin())
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .at(-1);
  if (!key) throw new AdminError('--key - reads the key from standard input, which was empty.');
  return key;
}

async function backupCommand({ dbFile, values }: CommandLine): Promise<void> {
  if (isPostgresUrl(dbFile)) throw new BackupError(POSTGRES_BACKUP_ADVICE);
  const to = values.to;
  if (!to) throw new AdminError('--to is required: the file to write the backup to.');
  const { links, bytes, ms } = await backupSqlite({ db: dbFile, to, force: values.force });
  console.log(
    `Backed up ${dbFile} to ${to}: ${links.toLocaleString('en')} ${links === 1 ? 'link' : 'links'}, ${(bytes / 1e6).toFixed(1)} MB, integrity ok, in ${(ms / 1000).toFixed(1)} s.`,
  );
}

/** `domain set`: the fallbacks checked as destinations are, before the database is opened. */
function domainSetCommand(cli: CommandLine): Promise<void> {
  const host = cli.required('host');
  const domains = createShortDomains(
    cli.requiredShortDomain('no fallback may lead back to a short link of this service'),
  );
  const blockedHostsFile = cli.values['blocked-hosts'] ?? cli.env.SHORTLINK_BLOCKED_HOSTS;
  const blockedHosts = blockedHostsFile
    ? watchBlockedHosts(blockedHostsFile, (message) => console.error(message))
    : undefined;
  return admin(cli, async (store) => {
    const rules = createDestinationRules({
      domains,
      isCustomDomain: (hostname) => store.isCustomDomain(hostname),
      blockedHosts,
    });
    const set = await setDomainFallbacks(store, rules, host, {
      notFoundUrl: cli.values['not-found-url'],
      rootUrl: cli.values['root-url'],
    });
    return `${host.trim().toLowerCase().replace(/\.$/, '')}: ${fallbacksText(set)}.`;
  });
}

function deleteExpiredCommand(cli: CommandLine): Promise<void> {
  const beforeText = cli.values.before;
  const before = beforeText === undefined ? undefined : parseBefore(beforeText);
  const dryRun = cli.values['dry-run'] ?? false;
  return admin(cli, async (store) =>
    deleteExpiredSummary(
      await deleteExpiredLinks(store, { now: systemClock.now(), before, dryRun }),
      { beforeText, dryRun },
    ),
  );
}

/** Each command by its words (`account create`), as the usage lists them. */
export const ADMIN_COMMANDS: Record<string, (cli: CommandLine) => Promise<void>> = {
  backup: backupCommand,
  // Opening migrates; several instances starting at once take turns.
  migrate: (cli) =>
    admin(
      cli,
      async (store) => `${cli.databaseName} is at schema version ${await store.schemaVersion()}.`,
    ),
  'account create': (cli) =>
    admin(cli, async (store) => {
      const key = await createAccount(store, cli.required('email'), cli.plan());
      return `Created account ${cli.values.email} (${cli.plan()} plan). Its API key, shown only now:\n${key}`;
    }),
  'account plan': (cli) =>
    admin(cli, async (store) => {
      await setPlan(store, cli.required('email'), cli.plan());
      return `${cli.values.email} is now on the ${cli.plan()} plan.`;
    }),
  'key create': (cli) =>
    admin(
      cli,
      async (store) =>
        `New API key for ${cli.values.email}, shown only now:\n${await createKey(store, cli.required('email'))}`,
    ),
  'key revoke': async (cli) => {
    const key = await keyArgument(cli);
    return admin(cli, async (store) => {
      await revokeKey(store, key);
      return 'Revoked.';
    });
  },
  'links health': (cli) => {
    const shortDomain = cli.requiredShortDomain(
      'links health names each broken link by its short URL',
    );
    return admin(cli, async (store) => {
      const email = cli.values.email;
      const account = email === undefined ? undefined : await store.accountByEmail(email);
      if (email !== undefined && !account)
        throw new AdminError(`No account with the email ${email}.`);
      const domains = createShortDomains(shortDomain);
      return healthReport(store, domains, account && email ? { id: account.id, email } : undefined);
    });
  },
  'domain add': (cli) => {
    const shortDomain = cli.requiredShortDomain(
      'domain add refuses the host of the default short domain, which needs no adding',
    );
    return admin(cli, async (store) => {
      await addDomain(store, cli.required('email'), cli.required('host'), shortDomain);
      return `Added ${cli.values.host} to ${cli.values.email}.`;
    });
  },
  'domain set': domainSetCommand,
  'domain list': (cli) =>
    admin(cli, async (store) => domainLines(await store.allDomains()).join('\n')),
  'links delete-expired': deleteExpiredCommand,
};
