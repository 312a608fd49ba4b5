#!/usr/bin/env bash
# npm test: every test. Types and lint, unit tests, web component tests, the server's
# integration suite on PGlite (and again on PostgreSQL when TEST_DATABASE_URL is set), then the
# browser journeys in Debian's Chromium against the built apps (the driver app and the staff
# console at /admin/).
#
# Independent steps run side by side where the machine's cores allow: the type check and lint
# beside the component tests, the apps' production builds beside the integration suite on
# PostgreSQL (whose database server does much of that suite's work). The integration suite runs
# two test files at a time.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
bash scripts/ensure-chromium.sh
# The several-instances test: HAProxy in front, Redis for the shared counts.
bash scripts/ensure-haproxy.sh
TEST_REDIS_URL=$(bash scripts/ensure-redis.sh)
export TEST_REDIS_URL

step() { printf '\n=== %s (at %d s)\n' "$*" "$SECONDS"; }

logs=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$logs"' EXIT
# beside NAME CMD…: runs CMD in the background, its output kept for `joined NAME`.
beside() {
  local name=$1
  shift
  (
    set +e
    "$@" >"$logs/$name.log" 2>&1
    echo $? >"$logs/$name.rc"
  ) &
}
# joined NAME: waits for a step started with `beside`, prints its output, fails if it failed.
joined() {
  local name=$1
  while [ ! -f "$logs/$name.rc" ]; do wait -n 2>/dev/null || sleep 1; done
  step "$name (output)"
  cat "$logs/$name.log"
  local rc
  rc=$(cat "$logs/$name.rc")
  if [ "$rc" != 0 ]; then
    echo "!!! $name failed (exit $rc)" >&2
    exit "$rc"
  fi
}

step "types and lint, beside the unit, web and console component tests"
beside "types and lint" bash -c 'npm run typecheck && npm run lint'
npx vitest run --project unit --project web --project console
joined "types and lint"

step "integration tests on PGlite"
env -u TEST_DATABASE_URL npx vitest run --project int --maxWorkers=2

builds() { npm run build -w @evcharge/web && npm run build -w @evcharge/console; }
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  step "integration tests on PostgreSQL, beside the apps' builds"
  beside "builds" builds
  npx vitest run --project int --maxWorkers=2
  joined "builds"
else
  step "builds"
  builds
fi

step "browser journeys"
npx playwright test -c e2e/playwright.config.ts
step "done"
