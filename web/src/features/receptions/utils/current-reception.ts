/**
 * The reception being built, kept for the browser tab's session (spec 3 §4): the list's new-reception button
 * offers to continue it while it is a draft. Cleared with the session (lib/storage.ts).
 */
import { tabStorage } from '../../../lib/storage';

export const currentReception = {
  get: (): string | null => tabStorage.get('currentReception'),
  set: (id: string) => tabStorage.set('currentReception', id),
  clear: () => tabStorage.remove('currentReception'),
};
