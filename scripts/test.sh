#!/usr/bin/env bash
# npm test: every test. Types and lint, unit tests, web component tests, the server's
# integration suite on PGlite (and again on PostgreSQL when TEST_DATABASE_URL is set), then the
# browser journeys in Debian's Chromium against the built apps (the driver app and the staff
# console at /admin/).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
bash scripts/ensure-chromium.sh

step() { printf '\n=== %s (at %d s)\n' "$*" "$SECONDS"; }

step "types"
npm run typecheck
step "lint"
npm run lint
step "unit, web and console component tests"
npx vitest run --project unit --project web --project console
step "integration tests on PGlite"
env -u TEST_DATABASE_URL npx vitest run --project int
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  step "integration tests on PostgreSQL"
  npx vitest run --project int
fi
step "browser journeys"
npm run build -w @evcharge/web
npm run build -w @evcharge/console
npx playwright test -c e2e/playwright.config.ts
step "done"
