// Every value a test service's database holds, in every table, as text: for tests that a value
// (an address, a hash of it) is kept nowhere. SQLite's blobs are given in hex and base64 too;
// PostgreSQL's rows as their text form (bytea in hex).
import { DatabaseSync } from 'node:sqlite';
import postgres from 'postgres';

export async function storedValues(dbFile: string): Promise<{ table: string; value: string }[]> {
  const found: { table: string; value: string }[] = [];
  if (/^postgres(ql)?:\/\//.test(dbFile)) {
    const sql = postgres(dbFile, { max: 1, onnotice: () => {} });
    try {
      const tables = await sql<{ name: string }[]>`
        SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public'`;
      for (const { name } of tables) {
        const rows = await sql.unsafe(`SELECT t::text AS row FROM "${name}" t`);
        for (const { row } of rows) found.push({ table: name, value: String(row) });
      }
    } finally {
      await sql.end({ timeout: 1 });
    }
    return found;
  }
  const db = new DatabaseSync(dbFile, { readOnly: true });
  try {
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as {
      name: string;
    }[];
    for (const { name } of tables) {
      for (const row of db.prepare(`SELECT * FROM "${name}"`).all()) {
        for (const value of Object.values(row)) {
          if (value instanceof Uint8Array) {
            const bytes = Buffer.from(value);
            found.push({ table: name, value: bytes.toString('hex') });
            found.push({ table: name, value: bytes.toString('base64') });
            found.push({ table: name, value: bytes.toString('latin1') });
          } else {
            found.push({ table: name, value: String(value) });
          }
        }
      }
    }
  } finally {
    db.close();
  }
  return found;
}

/** The first column of a query's rows, on either engine (no parameters: the test writes them in). */
export async function selectColumn(dbFile: string, query: string): Promise<unknown[]> {
  if (/^postgres(ql)?:\/\//.test(dbFile)) {
    const sql = postgres(dbFile, { max: 1, onnotice: () => {} });
    try {
      return (await sql.unsafe(query)).map((row) => Object.values(row)[0]);
    } finally {
      await sql.end({ timeout: 1 });
    }
  }
  const db = new DatabaseSync(dbFile, { readOnly: true });
  try {
    return db
      .prepare(query)
      .all()
      .map((row) => Object.values(row)[0]);
  } finally {
    db.close();
  }
}
