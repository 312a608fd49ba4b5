#!/usr/bin/env bash
# The browser tests drive Debian's Chromium (/usr/bin/chromium); a browser download from
# elsewhere is never used. Installs the package when it is missing.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
echo "[chromium] /usr/bin/chromium is missing: installing Debian's chromium package for the browser tests" >&2
sudo_cmd=""; [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
$sudo_cmd apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq chromium
