/**
 * The person behind a request, as documents record it (`createdBy`, a timeline's actor): the user, and who acted
 * as them (a superadmin, the parent account), if anyone. Kept apart from the timeline so that a function recording
 * an author does not load the timeline's schemas.
 */
import type { Author } from '@cellar/shared/common/author';
import type { Caller } from './principal';

const fullName = (u: { firstname: string; lastname: string }) => `${u.firstname} ${u.lastname}`.trim();

export function authorOf(caller: Caller): Author {
  let actingFor: Author['actingFor'] = null;
  if (caller.actorId && caller.actorId !== caller.user.id) {
    actingFor = { id: caller.actorId, name: caller.actor ? fullName(caller.actor) : caller.actorId };
  }
  return { id: caller.user.id, name: fullName(caller.user), actingFor };
}
