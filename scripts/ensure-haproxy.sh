#!/usr/bin/env bash
# The several-instances test puts Debian's HAProxy in front of two servers (docs/deploy.md).
# Installs the package when it is missing; the test starts its own HAProxy process.
set -euo pipefail
if command -v haproxy >/dev/null 2>&1 || [ -x /usr/sbin/haproxy ]; then exit 0; fi
echo "[haproxy] haproxy is missing: installing Debian's haproxy package for the several-instances test" >&2
sudo_cmd=""; [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
$sudo_cmd apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq haproxy >&2
# The package's own service is not ours: the test runs HAProxy with its own configuration.
$sudo_cmd systemctl disable --now haproxy >/dev/null 2>&1 || $sudo_cmd service haproxy stop >/dev/null 2>&1 || true
