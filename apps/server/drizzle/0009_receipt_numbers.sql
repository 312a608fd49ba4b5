-- Hand-written (custom migration: `npx drizzle-kit generate --custom --name receipt_numbers`).
-- Receipt numbers "YYYYMMDD-NNNNNN" (modules/receipts/receipt-number.ts) take NNNNNN from this
-- sequence: unique under concurrent issuing without a lock. A value taken by a transaction that
-- rolls back is skipped, so numbers may have gaps. Works on PGlite and PostgreSQL.
CREATE SEQUENCE IF NOT EXISTS "receipt_number_seq" AS bigint START WITH 1 INCREMENT BY 1;
