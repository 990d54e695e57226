/**
 * The row a user just created or edited, so that the list shows it highlighted when they come back to it. Read
 * from the writes themselves (the API is RESTful: POST /api/x creates, PUT /api/x/{id} edits, both answer the
 * saved entity with its id), so every list gets it without its feature saying anything.
 */
import { activeToken } from './storage';

export interface WrittenRow {
  /** The list's path: /api/contacts. */
  collection: string;
  id: string;
}

/** The row a successful write saved, if it is one: its collection and id. */
export function writtenRow(method: string, path: string, answer: unknown): WrittenRow | null {
  if (method !== 'POST' && method !== 'PUT') return null;
  const id = (answer as { id?: unknown } | null)?.id;
  if (typeof id !== 'string' || !id) return null;
  const bare = path.split('?')[0] ?? path;
  const suffix = `/${encodeURIComponent(id)}`;
  if (method === 'PUT') return bare.endsWith(suffix) ? { collection: bare.slice(0, -suffix.length), id } : null;
  return { collection: bare, id };
}

/** With the session (its token) that saved it: a sign-out does not reload the tab, and the next user is not shown it. */
let last: (WrittenRow & { session: string | null }) | null = null;

export function rememberWrite(method: string, path: string, answer: unknown) {
  const row = writtenRow(method, path, answer);
  if (row) last = { ...row, session: activeToken() };
}

/** The id of the row last saved in this list in this session, if any. */
export const recentRowOf = (collection: string): string | null =>
  last?.collection === collection && last.session === activeToken() ? last.id : null;
