#!/usr/bin/env bash
# The tests that depend on volume, at the sizes real clients reach (`npm run test:volume`; tests/fixtures/size.ts):
# a 10,000-row import, a runtime killed in a 5,000-row import, an import and an export continued over invocations
# of a second, the list plans' properties over all their generated queries, a thousand requests generated from the
# API's document, and a 20,000-row file previewed, edited and
# imported in the browser. `npm test` runs the same tests at an everyday size.
set -uo pipefail
cd "$(dirname "$0")/.."
export POWERTOOLS_LOG_LEVEL=SILENT CELLAR_TEST_SIZE=volume
seed="$PWD/.cellar/test-seed"
status=0

out="$PWD/.cellar/test-results"
mkdir -p "$out"

echo "▶ The demo seeded once, the SPA built, Chromium checked"
npx tsx tests/seed-once.ts "$seed" > "$out/volume-seed.log" 2>&1 || { cat "$out/volume-seed.log"; exit 1; }
npm run --silent build -w web > "$out/volume-build.log" 2>&1 || { cat "$out/volume-build.log"; exit 1; }
bash tests/e2e/ensure-chromium.sh > "$out/volume-chromium.log" 2>&1 || { cat "$out/volume-chromium.log"; exit 1; }

echo "▶ At volume: the integration files (vitest) beside the browser's import (Playwright)"
export CELLAR_TEST_SEED="$seed" E2E_SPA_BUILT=1
( npx vitest run --project integration tests/integration/import-upload.test.ts tests/integration/import-crash.test.ts \
    tests/integration/import-continuation.test.ts tests/integration/list-plans.test.ts \
    tests/integration/export-continuation.test.ts tests/integration/openapi-generated.test.ts 2>&1 | sed -u 's/^/[vitest] /'
  exit "${PIPESTATUS[0]}" ) & vitest=$!
( npx playwright test -c tests/e2e/playwright.config.ts import-preview.spec.ts --reporter=list 2>&1 | sed -u 's/^/[browser] /'
  exit "${PIPESTATUS[0]}" ) & playwright=$!
wait $vitest || status=1
wait $playwright || status=1
[ $status = 0 ] && echo "Volume tests passed." || echo "Volume tests FAILED."
exit $status
