// The emulator thread's entry: the thread loads TypeScript as the runtime does, then runs the server (thread.ts).
import { register } from 'tsx/esm/api';

register();
await import('./thread.ts');
