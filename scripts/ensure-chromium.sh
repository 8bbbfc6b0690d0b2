#!/usr/bin/env bash
# The e2e tests drive Debian's Chromium. Install it when missing and we may (root with apt);
# otherwise say exactly what to do. CHROMIUM_PATH overrides the location.
set -euo pipefail
path="${CHROMIUM_PATH:-/usr/bin/chromium}"
[ -x "$path" ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's chromium for the e2e tests…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
echo "The e2e tests need Chromium at $path: run 'sudo apt-get install -y chromium' or set CHROMIUM_PATH." >&2
exit 1
