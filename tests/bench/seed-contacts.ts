/** Seeds a tenant holding n recipients directly in the table, with its admin user (benchmarks only). */

import { addressFields } from '@cellar/shared/common/address';
import { type ContactItem, contactRecords } from '../../functions/src/contacts/repository';
import { keys } from '../../functions/src/data/keys';
import { companies } from '../../functions/src/data/reference';
import { batchPut } from '../../functions/src/data/table';
import { benchSignIn, benchTenantItems } from './tenant';

const SEGMENTS = ['B2B', 'B2C', null] as const;
const CITIES = ['Bordeaux', 'Paris', 'Lyon', 'Dijon', 'Reims', 'Nantes', 'Épernay', 'Beaune', 'Cognac', 'Libourne'];
const STREETS = ['rue des Chais', 'avenue de la Gare', 'chemin des Vignes', 'place du Marché', 'quai des Chartrons'];

/**
 * The address of the bench's j-th recipient: ten cities, five streets, and one row in 25,000 named with a rare word
 * (Zinfandel), so that searches and filters have both broad and rare answers at every size.
 */
export function benchAddress(j: number) {
  return addressFields.parse({
    isCompany: true,
    company: j % 25_000 === 7 ? `Zinfandel ${j}` : `Cave ${j}`,
    street: `${j % 200} ${STREETS[j % STREETS.length]}`,
    postcode: String(10_000 + ((j * 7919) % 90_000)),
    city: CITIES[j % CITIES.length],
    country: 'FR',
  });
}

/** Returns the admin's e-mail. The runtime's environment must be set (startRuntime) before the call. */
export async function seedRecipients(n: number): Promise<string> {
  const id = `BENCH${n}`;
  const email = `bench${n}@cellar.test`;
  await batchPut(await benchTenantItems({ id, warehouseIds: ['W1'], email, lastname: String(n) }));
  const now = new Date().toISOString();
  const start = Date.parse('2025-01-01T00:00:00Z');
  const started = Date.now();
  const chunk = 5_000;
  for (let i = 0; i < n; i += chunk) {
    const items = [];
    for (let j = i; j < Math.min(n, i + chunk); j++) {
      const code = `R${String(j).padStart(7, '0')}`;
      const contactId = `${id}-${j}`;
      const contact: ContactItem = {
        id: contactId,
        type: 'recipient',
        code,
        ownerId: id,
        warehouseId: 'W1',
        segment: SEGMENTS[j % SEGMENTS.length] ?? null,
        address: benchAddress(j),
        comment: '',
        services: [],
        createdAt: new Date(start + j * 60_000).toISOString(),
        updatedAt: now,
        version: 1,
      };
      items.push(contactRecords.item(contact), ...contactRecords.companionItems(contact));
    }
    await batchPut(items);
  }
  // The counters a tenant's creates would have built.
  await batchPut(
    SEGMENTS.map((segment, k) => ({
      ...keys.counter(keys.tenant(id), `CONTACT#recipient#${segment ?? '-'}`),
      n: Math.floor(n / SEGMENTS.length) + (k < n % SEGMENTS.length ? 1 : 0),
    })),
  );
  console.log(`  seeded ${n.toLocaleString('en')} recipients in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return email;
}

/** Seeds a tenant of n recipients, then signs its admin in through the runtime; returns the access token. */
export async function seedAndSignIn(url: string, n: number): Promise<string> {
  const email = await seedRecipients(n);
  companies.invalidate();
  return benchSignIn(url, email);
}
