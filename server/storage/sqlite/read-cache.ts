// Answers every API request reads, kept while the database holds the same. Under the create load
// (50 connections) the key's owner and whether the destination's host is a custom domain were two
// reads a create, 9 % of the thread's time: more than the insert, since each read of a file whose
// write-ahead log grows starts a read transaction of its own. This connection's own writes to
// what they come from drop the answers at once (forget); another process's (the command line's
// `key revoke`, `plan set`, `domain add`) moves SQLite's data_version, looked at once per turn of
// the event loop, so that the requests of the next turn see it.
import type { DatabaseSync } from 'node:sqlite';

/** Past this many answers a table starts again: a flood of distinct keys or hosts stays bounded. */
export const MAX_KEPT_ANSWERS = 10_000;

export function createReadCache(db: DatabaseSync) {
  const dataVersion = db.prepare('PRAGMA data_version');
  const tables: Map<string, unknown>[] = [];
  let seenVersion: unknown;
  let lookedThisTurn = false;

  const forget = () => {
    for (const table of tables) table.clear();
  };
  /** Drops every answer when another connection has committed since the last turn's look. */
  const freshen = () => {
    if (lookedThisTurn) return;
    lookedThisTurn = true;
    setImmediate(() => {
      lookedThisTurn = false;
    });
    const version = (dataVersion.get() as { data_version: number }).data_version;
    if (version !== seenVersion) {
      seenVersion = version;
      forget();
    }
  };

  return {
    /**
     * `read` (synchronous, by a string key) answered from memory while nothing has changed; only
     * the answers `keep` says yes to are kept (a key's owner, not an unknown key's absence).
     */
    remember<T>(read: (key: string) => T, keep: (answer: T) => boolean = () => true) {
      const answers = new Map<string, T>();
      tables.push(answers);
      return (key: string): T => {
        freshen();
        if (answers.has(key)) return answers.get(key) as T;
        const answer = read(key);
        if (keep(answer)) {
          if (answers.size >= MAX_KEPT_ANSWERS) answers.clear();
          answers.set(key, answer);
        }
        return answer;
      };
    },
    /** This connection changed what the answers come from. */
    forget,
  };
}

export type ReadCache = ReturnType<typeof createReadCache>;
