// The service's command line: `npm run service -- <command>`. Run with --help for the list. The
// options are read in cli/command-line.ts; `serve` is cli/serve-command.ts, the commands on the
// database cli/admin-commands.ts, `import` import/import-command.ts.
import { AdminError } from './accounts/admin.ts';
import { ADMIN_BUSY_TIMEOUT_MS, ADMIN_COMMANDS } from './cli/admin-commands.ts';
import { readCommandLine, USAGE } from './cli/command-line.ts';
import { serve } from './cli/serve-command.ts';
import { BlockedHostsError } from './links/destinations.ts';
import { BackupError } from './ops/backup.ts';
import { MetricsListenError } from './ops/metrics.ts';
import { GeoIpError } from './service.ts';
import { StorageOpenError, StorageUnavailable } from './storage/storage.ts';

const cli = readCommandLine();

async function main(): Promise<void> {
  const { values, positionals, env } = cli;
  const [group, action] = positionals;
  const command = [group, action].filter(Boolean).join(' ');
  if (values.help || !group) {
    console.log(USAGE);
    return;
  }
  if (group === 'import') {
    if (!action) throw new AdminError('Name the CSV file to import: import --email E FILE.csv');
    const shortDomain = cli.requiredShortDomain(
      'the import checks back-halves and destinations against it',
    );
    // Loaded only for this command: the others need no CSV reader.
    const { runImportCommand } = await import('./import/import-command.ts');
    return runImportCommand({
      file: action,
      email: cli.required('email'),
      db: cli.dbFile,
      databaseName: cli.databaseName,
      storageOptions: { busyTimeoutMs: ADMIN_BUSY_TIMEOUT_MS },
      shortDomain,
      blockedHostsFile: values['blocked-hosts'] ?? env.SHORTLINK_BLOCKED_HOSTS,
      reportFile: values.report,
      force: values.force,
      say: (line) => console.log(line),
    });
  }
  if (command === 'serve') return serve(cli);
  const run = Object.hasOwn(ADMIN_COMMANDS, command) ? ADMIN_COMMANDS[command] : undefined;
  if (!run) throw new AdminError(`Unknown command "${command}".\n\n${USAGE}`);
  return run(cli);
}

function isPortTaken(error: unknown): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === 'EADDRINUSE';
}

main().catch((error: unknown) => {
  if (
    error instanceof AdminError ||
    error instanceof StorageOpenError ||
    error instanceof BlockedHostsError ||
    error instanceof MetricsListenError ||
    error instanceof BackupError ||
    error instanceof GeoIpError
  )
    console.error(error.message);
  else if (error instanceof StorageUnavailable)
    console.error(
      `The database ${cli.databaseName} could not store the change (${error.reason}); nothing was changed. Try again, once it has room or the process holding it is done.`,
    );
  else if (isPortTaken(error))
    console.error(
      `Port ${cli.port} is already in use: stop what uses it or choose another with --port.`,
    );
  else console.error(error);
  process.exit(1);
});
