import { sql, type SQL } from 'drizzle-orm';
import { bigint, customType, timestamp, type PgColumn } from 'drizzle-orm/pg-core';

// Shared column shapes. DESIGN.md Data: times are timestamptz, money is integer minor units.

export const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const createdAt = () => tstz('created_at').notNull().defaultNow();

/** Money in minor units. JS numbers stay exact up to 2^53, far above any amount we hold. */
export const minor = (name: string) => bigint(name, { mode: 'number' });

export const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  // pg hands back a Buffer, PGlite a Uint8Array: callers always get a Buffer.
  fromDriver: (value) => Buffer.from(value),
});

/** `column IN ('a', 'b')` for CHECK constraints; the values are our own constants. */
export function oneOf(column: PgColumn, values: readonly string[]): SQL {
  const list = values.map((value) => {
    if (!/^[\w/ -]+$/.test(value)) throw new Error(`Unsafe constant in CHECK: ${value}`);
    return sql.raw(`'${value}'`);
  });
  return sql`${column} in (${sql.join(list, sql`, `)})`;
}
