import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * Columns a refused request changes on purpose, left out of the fingerprint. Nothing else
 * may change when the server answers 4xx (the house rule "bad input changes nothing").
 */
export const changedOnRefusal: Readonly<Record<string, readonly string[] | '*'>> = {
  // The token's last use is kept on every authenticated request, answered or refused: it is
  // when the token was seen, not what the request asked for.
  access_tokens: ['last_used_at'],
  // Wrong passwords and wrong codes are counted when refused: that count is the limit on
  // guessing (OWASP ASVS 2.2.1), kept per login in its own table.
  login_lockouts: '*',
  users: ['is_blocked'],
  one_time_tokens: ['failed_attempts'],
  phone_verifications: ['failed_attempts'],
  // Adding a private station by its code: each wrong code or secret is counted when refused,
  // which is the limit on guessing secrets (domain/private-station.ts CLAIM_WRONG_TRIES_*).
  private_station_claim_tries: '*',
  // A request that moves money keeps the answer it was given, a refusal too, so that a repeat
  // with the same Idempotency-Key gets it again instead of running twice.
  idempotency_keys: '*',
};

type Rows<T> = { rows: T[] };

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The statement that fingerprints every table of the public schema, built once per db. */
async function fingerprintStatement(db: Db): Promise<string> {
  const columns = (await db.execute(sql`
    select table_name, column_name from information_schema.columns
    where table_schema = 'public' order by table_name, ordinal_position`)) as unknown as Rows<{
    table_name: string;
    column_name: string;
  }>;
  const byTable = new Map<string, string[]>();
  for (const { table_name: table, column_name: column } of columns.rows) {
    const changed = changedOnRefusal[table];
    if (changed === '*' || changed?.includes(column)) continue;
    byTable.set(table, [...(byTable.get(table) ?? []), column]);
  }
  return [...byTable]
    .map(([table, names]) => {
      const row = `row(${names.map(quote).join(', ')})::text`;
      return `select '${table}' as t, count(*)::int as n,
        md5(coalesce(string_agg(${row}, ',' order by ${row}), '')) as h from ${quote(table)}`;
    })
    .join(' union all ');
}

const statements = new WeakMap<Db, Promise<string>>();

/**
 * Per table of the public schema: its row count and an md5 of its rows in order, without the
 * columns of `changedOnRefusal`. Two equal fingerprints mean nothing was stored or changed.
 */
export async function dbFingerprint(db: Db): Promise<Record<string, string>> {
  let statement = statements.get(db);
  if (!statement) statements.set(db, (statement = fingerprintStatement(db)));
  const result = (await db.execute(sql.raw(await statement))) as unknown as Rows<{
    t: string;
    n: number;
    h: string;
  }>;
  return Object.fromEntries(result.rows.map((row) => [row.t, `${row.n}:${row.h}`]));
}

/** The write-ahead log's position: every committed change moves it (so may reads that prune). */
async function walPosition(db: Db): Promise<string> {
  const result = (await db.execute(sql`select pg_current_wal_lsn()::text as lsn`)) as unknown as Rows<{
    lsn: string;
  }>;
  return result.rows[0]!.lsn;
}

/**
 * Watches for changes around requests, cheaply: the full fingerprint is taken only when the
 * write-ahead log moved (on PGlite most refused requests cost two tiny queries; on a shared
 * PostgreSQL server the log always moves and every check is a full one).
 */
export function changeWatch(db: Db) {
  let known: { lsn: string; print: Record<string, string> } | undefined;
  const take = async () => {
    const print = await dbFingerprint(db);
    known = { lsn: await walPosition(db), print };
    return known;
  };
  return {
    /** Before a request: remembers the state it starts from. */
    async before(): Promise<void> {
      if (!known || known.lsn !== (await walPosition(db))) await take();
    },
    /** After a request: the tables that differ from the state `before` saw. */
    async changedTables(): Promise<string[]> {
      const start = known ?? (await take());
      if (start.lsn === (await walPosition(db))) return [];
      const now = await take();
      const tables = new Set([...Object.keys(start.print), ...Object.keys(now.print)]);
      return [...tables].filter((table) => start.print[table] !== now.print[table]);
    },
  };
}
