// `npm run lint:firefox`: Mozilla's add-on linter (web-ext lint) on the Firefox build. It fails on
// any error, and on any warning but the two React DOM itself earns: react-dom assigns innerHTML
// for `dangerouslySetInnerHTML` (which this code never uses) and to create <script> elements.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

type Finding = { code: string; message: string; file?: string; line?: number };
type LintReport = {
  summary: { errors: number; warnings: number; notices: number };
  errors: Finding[];
  warnings: Finding[];
  notices: Finding[];
};

const sourceDir = path.resolve(process.argv[2] ?? '.output/firefox-mv3');

function runLinter(): LintReport {
  const args = ['lint', '--source-dir', sourceDir, '--output', 'json', '--no-config-discovery'];
  const webExt = path.resolve('node_modules/.bin/web-ext');
  try {
    return JSON.parse(execFileSync(webExt, args, { encoding: 'utf8' }));
  } catch (error) {
    // The linter exits non-zero when it finds errors; its report is still on stdout.
    const stdout = (error as { stdout?: string }).stdout;
    if (!stdout) throw error;
    return JSON.parse(stdout);
  }
}

/** React DOM's own innerHTML assignments, in the chunk that holds React DOM. */
function isReactDomInnerHtml(finding: Finding): boolean {
  if (finding.code !== 'UNSAFE_VAR_ASSIGNMENT' || !finding.file) return false;
  const code = readFileSync(path.join(sourceDir, finding.file), 'utf8');
  return code.includes('dangerouslySetInnerHTML') && code.includes('__html');
}

const report = runLinter();
const refused = [
  ...report.errors.map((finding) => ({ ...finding, level: 'error' })),
  ...report.warnings
    .filter((finding) => !isReactDomInnerHtml(finding))
    .map((finding) => ({ ...finding, level: 'warning' })),
];
const { errors, warnings, notices } = report.summary;
console.log(
  `web-ext lint ${path.relative('.', sourceDir)}: ${errors} errors, ${warnings} warnings ` +
    `(${warnings - (refused.length - errors)} of them React DOM's innerHTML), ${notices} notices`,
);
for (const finding of refused) {
  const where = finding.file ? ` (${finding.file}${finding.line ? `:${finding.line}` : ''})` : '';
  console.error(`${finding.level} ${finding.code}${where}: ${finding.message}`);
}
if (refused.length > 0) process.exit(1);
