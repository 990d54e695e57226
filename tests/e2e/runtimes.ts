/**
 * The two local runtimes the browser tests run against (playwright.config.ts starts them):
 *   the main one (E2E_PORT, default 3100), whose simulated warehouse only acknowledges orders, so that the
 *   documents a spec reads stay where it put them;
 *   the loop's (E2E_LOOP_PORT, default E2E_PORT + 1), whose warehouse plays every step 1.5 s apart and meets a
 *   discrepancy on every document, for warehouse-loop.spec.ts alone.
 * E2E_BASE_URL points the tests at a runtime already running instead of the main one, E2E_LOOP_BASE_URL at one
 * instead of the loop's; with the first and not the second, there is no loop runtime and its spec is skipped.
 */
const external = process.env.E2E_BASE_URL;

export const PORT = Number(process.env.E2E_PORT ?? 3100);
export const LOOP_PORT = Number(process.env.E2E_LOOP_PORT ?? PORT + 1);

/** Where the specs run, unless they say otherwise. */
export const BASE_URL = external ?? `http://127.0.0.1:${PORT}`;

/**
 * Whether the config starts the loop's runtime (none given, the main one started here too, and the run not told
 * that none of its specs needs it: E2E_LOOP=off, as the test command's accessibility run is).
 */
export const STARTS_LOOP = !external && !process.env.E2E_LOOP_BASE_URL && process.env.E2E_LOOP !== 'off';

/** The loop's runtime; undefined when the tests run against an external runtime and none was given for the loop. */
export const LOOP_BASE_URL =
  process.env.E2E_LOOP_BASE_URL ?? (STARTS_LOOP ? `http://127.0.0.1:${LOOP_PORT}` : undefined);
