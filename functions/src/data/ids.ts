/**
 * A record's id: a ULID, whose first ten characters are the instant it was made, read from the product's clock
 * (shared/common/clock.ts). Lists sorted by creation read records in the order of their ids (a key sort), and
 * timelines read their events so, which holds for the demo's history too, written at the instants it belongs to.
 */
import { clock } from '@cellar/shared/common/clock';
import { ulid } from 'ulid';

export const newId = (): string => ulid(clock.now().getTime());
