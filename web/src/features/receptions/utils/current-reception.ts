/**
 * The reception being built, kept for the browser tab's session (spec 3 §4): the list's new-reception button
 * offers to continue it while it is a draft.
 */
const KEY = 'cellar.currentReception';

export const currentReception = {
  get: (): string | null => sessionStorage.getItem(KEY),
  set: (id: string) => sessionStorage.setItem(KEY, id),
  clear: () => sessionStorage.removeItem(KEY),
};
