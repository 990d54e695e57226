#!/usr/bin/env bash
# The browser tests run in Debian's Chromium headless shell (Playwright's own browser downloads are not reachable
# here): the browser without its interface, as Playwright's own headless runs use it. The benchmarks that drive the
# full browser (Lighthouse) use Debian's `chromium`.
set -euo pipefail
if [ -x /usr/bin/chromium-headless-shell ]; then
  exit 0
fi
if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = "0" ]; then
  echo "Installing Debian's chromium-headless-shell for the browser tests…"
  apt-get update
  DEBIAN_FRONTEND=noninteractive apt-get install -y chromium-headless-shell
  exit 0
fi
cat >&2 <<'MSG'
The browser tests need Chromium's headless shell at /usr/bin/chromium-headless-shell. Install it as root with:
  apt-get update && apt-get install -y chromium-headless-shell
(Do not run `npx playwright install`: its downloads are not reachable.)
MSG
exit 1
