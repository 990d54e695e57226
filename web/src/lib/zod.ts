/**
 * zod as the SPA loads it. The content security policy forbids eval, so zod must not compile its parsers with it,
 * nor even probe for it, and schemas read this setting when they are built. The build answers every import of
 * `zod` (the SPA's, the shared schemas', a worker's) with this module (vite.config.ts, `resolve.alias`), so the
 * setting is in force before any schema is built, whichever chunk builds it first.
 */
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
export { default } from 'zod/v4';
