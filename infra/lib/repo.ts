import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Absolute, so that synth gives the same result whatever directory the CLI or a test runs from. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export const repoPath = (...segments: string[]) => join(REPO_ROOT, ...segments);
