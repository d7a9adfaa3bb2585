import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type DebianBrowser, ensureBrowser, findBrowser } from './debian-package.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'debian-package-'));
const present = path.join(dir, 'present-browser');
writeFileSync(present, '');
const absent = path.join(dir, 'absent-browser');

const browser = (candidates: string[]): DebianBrowser => ({
  name: 'Testfox',
  pathVariable: 'TESTFOX_PATH',
  candidates,
  debianPackage: 'testfox-esr',
  otherWay: 'or run "get-testfox"',
});

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('finding a browser for the tests', () => {
  it('takes the binary the variable names', () => {
    vi.stubEnv('TESTFOX_PATH', present);
    expect(findBrowser(browser([absent]))).toBe(present);
  });

  it('says so when the variable names a file that is not there', () => {
    vi.stubEnv('TESTFOX_PATH', absent);
    expect(() => findBrowser(browser([present]))).toThrow(`TESTFOX_PATH=${absent}`);
  });

  it('takes the first candidate that exists, and nothing when none does', () => {
    vi.stubEnv('TESTFOX_PATH', '');
    expect(findBrowser(browser([absent, present]))).toBe(present);
    expect(findBrowser(browser([absent]))).toBeUndefined();
  });

  it('without root, names the command that installs it instead of installing', () => {
    vi.stubEnv('TESTFOX_PATH', '');
    vi.spyOn(process, 'getuid').mockReturnValue(1000);
    expect(() => ensureBrowser(browser([absent]))).toThrow(
      'The browser tests need Testfox: install it with "sudo apt-get update && sudo apt-get install -y -o DPkg::Lock::Timeout=120 testfox-esr", or run "get-testfox", or set TESTFOX_PATH to its binary.',
    );
  });
});
