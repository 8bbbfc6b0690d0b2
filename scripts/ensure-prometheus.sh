#!/usr/bin/env bash
# The metrics integration tests start Debian's Prometheus server. Install it when missing and we
# may (root with apt); otherwise say exactly what to do. PROMETHEUS_BIN overrides the location.
set -euo pipefail
path="${PROMETHEUS_BIN:-/usr/bin/prometheus}"
[ -x "$path" ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's prometheus for the metrics tests…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends prometheus >/dev/null
  exit 0
fi
echo "The metrics tests need a Prometheus server at $path: run 'sudo apt-get install -y prometheus' or set PROMETHEUS_BIN." >&2
exit 1
