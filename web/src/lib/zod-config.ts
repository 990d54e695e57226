/**
 * The content security policy forbids eval, so zod must not compile its parsers with it, nor even probe for it.
 * Schemas read this setting when they are built: the build keeps this module in the zod chunk (vite.config.ts).
 */
import { config } from 'zod';

config({ jitless: true });
