// `npm run test:zip`: makes the store archives with `npm run zip` and checks what would be uploaded.
// - Chrome, Firefox and sources archives are named with package.json's version, and each manifest
//   carries that version.
// - The zips are production builds: the demo key variable is set on purpose and must not appear.
// - The sources archive holds no node_modules, local data, build output, secrets or env files, and
//   rebuilding Firefox from it (node_modules linked in, as `npm ci` would install them) gives the
//   same files as the Firefox zip — what Mozilla's reviewers do.
// JSZip is WXT's own zip library (a dependency of wxt), used here to read the archives.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import JSZip from 'jszip';

const CANARY = 'slk_zip_canary_must_never_ship_0123456789';
const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { name: string; version: string };
const problems: string[] = [];

execFileSync('npm', ['run', 'zip'], {
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, WXT_DEMO_API_KEY: CANARY },
});

async function open(kind: string): Promise<JSZip> {
  const file = path.join('.output', `${pkg.name}-${pkg.version}-${kind}.zip`);
  try {
    return await JSZip.loadAsync(readFileSync(file));
  } catch (error) {
    throw new Error(`${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

async function files(zip: JSZip): Promise<Map<string, Buffer>> {
  const entries = Object.values(zip.files).filter((entry) => !entry.dir);
  const contents = await Promise.all(entries.map((entry) => entry.async('nodebuffer')));
  return new Map(entries.map((entry, index) => [entry.name, contents[index] as Buffer]));
}

const built = new Map<string, Map<string, Buffer>>();
for (const browser of ['chrome', 'firefox']) {
  const contents = await files(await open(browser));
  built.set(browser, contents);
  const manifest = JSON.parse(contents.get('manifest.json')?.toString('utf8') ?? '{}');
  if (manifest.version !== pkg.version) {
    problems.push(`${browser}: manifest version ${manifest.version}, package.json ${pkg.version}`);
  }
  for (const [name, content] of contents) {
    if (content.includes(CANARY)) problems.push(`${browser}: ${name} holds the demo key`);
  }
}

const sources = await files(await open('sources'));
const forbidden =
  /^(node_modules|\.data|\.output|\.wxt|test-results|playwright-report|secrets)\/|(^|\/)\.env|\.(db|pem|key)$/;
for (const name of sources.keys()) {
  if (forbidden.test(name)) problems.push(`sources: ${name} must not ship`);
}
for (const needed of ['package.json', 'package-lock.json', 'wxt.config.ts', 'README.md']) {
  if (!sources.has(needed)) problems.push(`sources: ${needed} is missing`);
}

// Rebuild Firefox from the sources archive and compare with the Firefox zip.
const root = mkdtempSync(path.join(tmpdir(), 'shortlink-sources-'));
try {
  for (const [name, content] of sources) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), content);
  }
  symlinkSync(path.resolve('node_modules'), path.join(root, 'node_modules'), 'dir');
  execFileSync('npx', ['wxt', 'build', '-b', 'firefox'], { cwd: root, stdio: 'ignore' });
  const firefox = built.get('firefox') ?? new Map<string, Buffer>();
  for (const [name, content] of firefox) {
    let rebuilt: Buffer | undefined;
    try {
      rebuilt = readFileSync(path.join(root, '.output/firefox-mv3', name));
    } catch {}
    if (!rebuilt?.equals(content)) problems.push(`sources: a rebuild gives another ${name}`);
  }
} finally {
  rmSync(root, { recursive: true, force: true });
}

console.log(
  `zips ${pkg.version}: chrome ${built.get('chrome')?.size} files, firefox ` +
    `${built.get('firefox')?.size} files, sources ${sources.size} files, rebuilt and compared`,
);
for (const problem of problems) console.error(problem);
if (problems.length > 0) process.exit(1);
