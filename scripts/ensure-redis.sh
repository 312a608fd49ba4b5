#!/usr/bin/env bash
# Prints a Redis URL for the tests of several instances sharing rate limits (REDIS_URL): the
# one at 127.0.0.1:6379 when it answers, else Debian's redis-server installed and started on
# that port without persistence.
set -euo pipefail
url="redis://127.0.0.1:6379"
answers() { (exec 3<>/dev/tcp/127.0.0.1/6379 && printf 'PING\r\n' >&3 && timeout 2 head -c 5 <&3 | grep -q PONG) 2>/dev/null; }
if answers; then echo "$url"; exit 0; fi
if ! command -v redis-server >/dev/null 2>&1; then
  echo "[redis] no Redis on 127.0.0.1:6379: installing Debian's redis-server" >&2
  sudo_cmd=""; [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq redis-server >&2
fi
if ! answers; then
  redis-server --port 6379 --bind 127.0.0.1 --save '' --appendonly no --daemonize yes >&2
  for _ in $(seq 1 50); do answers && break; sleep 0.1; done
fi
answers || { echo "[redis] Redis did not start" >&2; exit 1; }
echo "$url"
