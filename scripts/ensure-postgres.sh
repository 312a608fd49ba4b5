#!/usr/bin/env bash
# Prints a PostgreSQL URL for the integration tests. Uses the server on 127.0.0.1:5432 when it
# answers; otherwise installs Debian's postgresql (when missing) and starts a throwaway cluster
# with fsync off on 127.0.0.1:54329. Messages go to stderr, the URL alone to stdout.
set -euo pipefail

say() { echo "[postgres] $*" >&2; }

if [ -z "${EVCHARGE_PG_THROWAWAY:-}" ] && command -v pg_isready >/dev/null 2>&1 && pg_isready -q -h 127.0.0.1 -p 5432 \
  && psql -h 127.0.0.1 -p 5432 -U postgres -d postgres -Atc 'select 1' >/dev/null 2>&1; then
  say "using the server on 127.0.0.1:5432"
  echo "postgres://postgres@127.0.0.1:5432/postgres"
  exit 0
fi

port=54329
dir=/tmp/evcharge-pg
if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  say "no PostgreSQL found: installing Debian's postgresql (needs root)"
  sudo_cmd=""; [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq postgresql >&2
fi
bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)

run_pg() {
  if [ "$(id -u)" -eq 0 ]; then su postgres -s /bin/bash -c "$*"; else bash -c "$*"; fi
}

if ! pg_isready -q -h 127.0.0.1 -p "$port" 2>/dev/null; then
  say "starting a throwaway cluster in $dir on 127.0.0.1:$port"
  rm -rf "$dir"; mkdir -p "$dir"
  [ "$(id -u)" -eq 0 ] && chown postgres "$dir"
  run_pg "$bin/initdb -D $dir/data -U postgres -A trust >/dev/null"
  run_pg "$bin/pg_ctl -D $dir/data -l $dir/log -w -o '-h 127.0.0.1 -p $port -k $dir -F -c fsync=off -c synchronous_commit=off -c full_page_writes=off' start >/dev/null"
fi
echo "postgres://postgres@127.0.0.1:$port/postgres"
