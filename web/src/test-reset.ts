/**
 * For the web files, which share their worker's modules (`web` in vitest.config.ts): each starts as if alone,
 * on an empty document and storage at the site's root, with the app's own modules evaluated afresh (the packages,
 * React, Mantine and zod, stay loaded: what sharing saves), after undoing what a file before it may have left
 * (stubbed globals, fake timers, spies).
 */
import { vi } from 'vitest';

vi.unstubAllGlobals();
vi.unstubAllEnvs();
vi.restoreAllMocks();
vi.useRealTimers();
// A file may run in node's environment (the bundle's budget): no document there.
if (typeof window !== 'undefined') {
  localStorage.clear();
  sessionStorage.clear();
  document.head.replaceChildren();
  document.body.replaceChildren();
  document.title = '';
  history.replaceState(null, '', '/');
}
vi.resetModules();
