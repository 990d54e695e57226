#!/usr/bin/env bash
# The browser tests run in Debian's Chromium (Playwright's own browser downloads are not reachable here).
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
  exit 0
fi
if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = "0" ]; then
  echo "Installing Debian's chromium for the browser tests…"
  apt-get update
  DEBIAN_FRONTEND=noninteractive apt-get install -y chromium
  exit 0
fi
cat >&2 <<'MSG'
The browser tests need Chromium at /usr/bin/chromium. Install it as root with:
  apt-get update && apt-get install -y chromium
(Do not run `npx playwright install`: its downloads are not reachable.)
MSG
exit 1
