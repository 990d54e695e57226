#!/usr/bin/env bash
# Every test of the product, as `npm test` runs it: static checks, unit, web, API integration and
# infrastructure tests (vitest), and the browser tests (Playwright in Debian's Chromium) against the built SPA.
# Ends with one line "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
export POWERTOOLS_LOG_LEVEL=SILENT
out="$PWD/.cellar/test-results"
rm -rf "$out" && mkdir -p "$out"
status=0

step() { echo; echo "▶ $*"; }

seed="$PWD/.cellar/test-seed"

# Two cores, used side by side: what the tests need (the demo seeded once, the SPA built, Chromium) is made while
# the code is typechecked and linted; then the vitest projects and the browser tests run at the same time, each
# line of their output prefixed with its runner's name.
step "Typecheck and lint; beside them, the demo seeded once (tests/seed-once.ts), the SPA built, Chromium checked"
( npm run --silent typecheck && npm run --silent lint ) > "$out/static.log" 2>&1 & static=$!
npx tsx tests/seed-once.ts "$seed" > "$out/seed.log" 2>&1 & seeding=$!
# With Vite's manifest, which the bundle budget's test reads (web/src/bundle-budget.test.ts) instead of building again.
npm run --silent build -w web -- --manifest > "$out/build.log" 2>&1 & building=$!
bash tests/e2e/ensure-chromium.sh > "$out/chromium.log" 2>&1 & chromium=$!
wait $static || status=1
cat "$out/static.log"
wait $seeding || { cat "$out/seed.log"; echo "The demo could not be seeded."; status=1; }
wait $building || { cat "$out/build.log"; echo "The SPA could not be built."; status=1; }
browser=0
wait $chromium || { cat "$out/chromium.log"; browser=1; status=1; }

step "Unit, web, integration and infrastructure tests (vitest) beside the browser tests (Playwright, Chromium)"
# Three runs side by side, for the two cores to stay busy while any of them waits on a page or a queue: vitest, the
# accessibility walks (the suite's longest file) and the other browser specs, each browser run on runtimes of its
# own (their ports, data and sessions apart: tests/e2e/playwright.config.ts).
export CELLAR_TEST_SEED="$seed" E2E_SPA_BUILT=1 CELLAR_WEB_BUILT="$PWD/web/dist"
( npx vitest run --reporter=default --reporter=json --outputFile.json="$out/vitest.json" 2>&1 | sed -u 's/^/[vitest] /'
  exit "${PIPESTATUS[0]}" ) & vitest=$!
browse() { # name port specs… : one Playwright run, its lines prefixed with its name
  local name=$1 port=$2; shift 2
  ( PLAYWRIGHT_JSON_OUTPUT_NAME="$out/playwright-$name.json" E2E_PORT=$port \
      npx playwright test -c tests/e2e/playwright.config.ts --reporter=list,json "$@" 2>&1 | sed -u "s/^/[$name] /"
    exit "${PIPESTATUS[0]}" )
}
# The browser specs in two runs of about the same length (the longer one ends the test command): the accessibility
# walks, the suite's longest file, with specs that need no warehouse loop; every other spec, the loop's among them,
# on the other. (Run 61 before this split: 5.2 and 9.5 minutes.)
walks="accessibility.spec.ts dashboard.spec.ts first-paint.spec.ts grid-layout.spec.ts i18n.spec.ts loading.spec.ts"
if [ $browser = 0 ]; then
  # shellcheck disable=SC2086 # the spec names, one argument each
  E2E_LOOP=off browse axe 3100 $walks & axe=$!
  E2E_IGNORE=${walks// /,} browse browser 3200 & playwright=$!
  wait $axe || status=1
  wait $playwright || status=1
fi
wait $vitest; vitest_status=$?
[ $vitest_status = 0 ] || status=1

VITEST_STATUS=$vitest_status node -e '
const fs = require("fs");
const read = (f) => { try { return JSON.parse(fs.readFileSync(f, "utf8")); } catch { return null; } };
let passed = 0, failed = 0, skipped = 0;
const v = read(process.argv[1]);
const names = [];
if (v) {
  passed += v.numPassedTests; failed += v.numFailedTests; skipped += v.numPendingTests + v.numTodoTests;
  for (const f of v.testResults ?? []) {
    for (const t of f.assertionResults ?? []) if (t.status === "failed") names.push(`${f.name.replace(process.cwd() + "/", "")} › ${t.fullName}`);
    // A file failing outside its tests (a hook: the contract check of the harness when it stops) counts as one failure.
    if (f.status === "failed" && !(f.assertionResults ?? []).some((t) => t.status === "failed")) {
      failed += 1;
      names.push(`${f.name.replace(process.cwd() + "/", "")} (the file failed: ${String(f.message ?? "").split("\n")[0]})`);
    }
  }
  // vitest fails a run on an error outside any test (an unhandled rejection, a worker that exited) and its report
  // still has every test passed: its exit status counts as one failure here.
  if (process.env.VITEST_STATUS !== "0" && failed === 0) {
    failed += 1;
    names.push("vitest: an error outside any test (its output above says which: an unhandled error, a worker that exited)");
  }
}
else failed += 1;
for (const file of process.argv.slice(2)) {
  const p = read(file);
  if (!p) { failed += 1; continue; }
  passed += p.stats.expected + p.stats.flaky; failed += p.stats.unexpected; skipped += p.stats.skipped;
  const walk = (suite, path) => {
    for (const s of suite.suites ?? []) walk(s, [...path, s.title]);
    for (const spec of suite.specs ?? []) for (const t of spec.tests ?? []) if (t.status === "unexpected") names.push(`${spec.file} › ${[...path, spec.title].join(" › ")}`);
  };
  for (const s of p.suites ?? []) walk(s, []);
}
// The failures by name, last, so that the end of a log says what to look at.
if (names.length) console.log(`\nFailed:\n${names.map((n) => `  ✗ ${n}`).join("\n")}`);
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
' "$out/vitest.json" "$out/playwright-axe.json" "$out/playwright-browser.json"
exit $status
