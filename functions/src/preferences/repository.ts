/** Grid layouts (see data/ACCESS-PATTERNS.md): one item per user and grid slug, in the user's partition. */
import { type Preference, preferenceSchema } from '@cellar/shared/preferences/schemas';
import * as z from 'zod';
import { defineEntity } from '../data/entity';
import { keys } from '../data/keys';

export type PreferenceItem = Preference & { userId: string };

const preferenceRecords = defineEntity<PreferenceItem>({
  name: 'preference',
  schema: preferenceSchema.extend({ userId: z.string() }),
  key: (p) => keys.preference(p.userId, p.slug),
});

export async function listPreferences(userId: string): Promise<PreferenceItem[]> {
  const out: PreferenceItem[] = [];
  for await (const p of preferenceRecords.query({ pk: keys.user(userId).PK, skPrefix: keys.preferencePrefix })) {
    out.push(p);
  }
  return out;
}

export const getPreference = (userId: string, slug: Preference['slug']) =>
  preferenceRecords.get(keys.preference(userId, slug));

/** Writes the layout whatever was stored: the user alone writes it. */
export const savePreference = (p: PreferenceItem) => preferenceRecords.save(p);

export async function removePreference(userId: string, slug: Preference['slug']): Promise<void> {
  const found = await getPreference(userId, slug);
  if (found) await preferenceRecords.remove(found);
}
