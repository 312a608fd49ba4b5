import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w @evcharge/server` writes a migration into ./drizzle after a schema
// change. Hand-written SQL (exclusion constraint, ledger trigger) lives in custom migrations
// made with `npx drizzle-kit generate --custom --name <name>`.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/*.ts',
  out: './drizzle',
});
