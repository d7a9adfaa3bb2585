// What a path that should be a plain file is instead, for a refusal in one sentence: reading a
// named pipe waits for a writer forever, and a device such as /dev/zero never ends.
import type { Stats } from 'node:fs';

/** 'a folder', 'a named pipe', …; undefined for a regular file. */
export function notAFile(stats: Stats): string | undefined {
  if (stats.isFile()) return undefined;
  if (stats.isDirectory()) return 'a folder';
  if (stats.isFIFO()) return 'a named pipe';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  if (stats.isSymbolicLink()) return 'a symbolic link';
  if (stats.isSocket()) return 'a socket';
  return 'not a regular file';
}

/** Bytes as people read them in a message: 560 MB. */
export const megabytes = (bytes: number) => `${Math.round(bytes / 1e6).toLocaleString('en-US')} MB`;
