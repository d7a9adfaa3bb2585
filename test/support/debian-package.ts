// A browser the tests need, installed from Debian's archive when it is missing and the tests run
// as root on a machine with apt-get (CI, and these development machines); anywhere else, an error
// that names the command to run.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export type DebianBrowser = {
  /** What the person reads: "Firefox". */
  name: string;
  /** The environment variable that names another binary. */
  pathVariable: string;
  /** Where Debian's package puts it, and other usual places. */
  candidates: string[];
  /** The Debian package that provides the first candidate. */
  debianPackage: string;
  /** Another way to get it, for the error message ("or run …"). */
  otherWay?: string;
};

export function findBrowser(browser: DebianBrowser): string | undefined {
  const named = process.env[browser.pathVariable];
  if (named) {
    if (!existsSync(named)) {
      throw new Error(`${browser.pathVariable}=${named}, but there is no such file.`);
    }
    return named;
  }
  return browser.candidates.find((candidate) => existsSync(candidate));
}

const canInstall = () => process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');

/** The browser's binary; installs the Debian package first when it is missing and root may. */
export function ensureBrowser(browser: DebianBrowser): string {
  const found = findBrowser(browser);
  if (found) return found;
  const command = `apt-get install -y -o DPkg::Lock::Timeout=120 ${browser.debianPackage}`;
  if (!canInstall()) {
    throw new Error(
      `The browser tests need ${browser.name}: install it with "sudo apt-get update && sudo ${command}"${browser.otherWay ? `, ${browser.otherWay}` : ''}, or set ${browser.pathVariable} to its binary.`,
    );
  }
  console.log(`${browser.name} is missing: installing Debian's ${browser.debianPackage}…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq', '-o', 'DPkg::Lock::Timeout=120'], {
    stdio: 'inherit',
    env,
  });
  execFileSync('sh', ['-c', `${command} -qq`], { stdio: ['ignore', 'ignore', 'inherit'], env });
  const installed = findBrowser(browser);
  if (!installed)
    throw new Error(`${browser.debianPackage} installed, but no ${browser.name} binary.`);
  return installed;
}
