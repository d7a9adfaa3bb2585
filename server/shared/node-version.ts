// The Node.js the service needs. The one-file build's entry checks it before anything loads
// node:sqlite, which older versions lack: they would fail with a stack trace, not a sentence.
export const NODE_NEEDED = '22.13.0';
/** node:sqlite's backup() came in 22.16. */
export const NODE_NEEDED_FOR_BACKUP = '22.16.0';

const parts = (version: string) => version.replace(/^v/, '').split('.').map(Number);

export function isNodeAtLeast(needed: string, version = process.versions.node): boolean {
  const [major = 0, minor = 0, patch = 0] = parts(version);
  const [neededMajor = 0, neededMinor = 0, neededPatch = 0] = parts(needed);
  if (major !== neededMajor) return major > neededMajor;
  if (minor !== neededMinor) return minor > neededMinor;
  return patch >= neededPatch;
}

/** One sentence when this Node.js is too old for the service, else undefined. */
export function nodeTooOld(version = process.versions.node): string | undefined {
  if (isNodeAtLeast(NODE_NEEDED, version)) return undefined;
  return `The short-link service needs Node.js ${NODE_NEEDED} or newer (${NODE_NEEDED_FOR_BACKUP} or newer for backup), and this is Node.js ${version}: install a newer Node.js and run it again.`;
}

/** One sentence when this Node.js is too old for `backup`, else undefined. */
export function nodeTooOldForBackup(version = process.versions.node): string | undefined {
  if (isNodeAtLeast(NODE_NEEDED_FOR_BACKUP, version)) return undefined;
  return `backup needs Node.js ${NODE_NEEDED_FOR_BACKUP} or newer, and this is Node.js ${version}: run it with a newer Node.js.`;
}
