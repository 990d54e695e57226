/** Seeds a tenant holding n recipients directly in the table, with its admin user (benchmarks only). */
import { companyItems } from '../../functions/src/companies/repository';
import { keys } from '../../functions/src/data/keys';
import { companies } from '../../functions/src/data/reference';
import { batchPut } from '../../functions/src/data/table';
import { hashPassword } from '../../functions/src/platform/passwords';
import { userItems } from '../../functions/src/users/repository';

export const BENCH_PASSWORD = 'bench-password-2026';

/** Returns the admin's e-mail. The runtime's environment must be set (startRuntime) before the call. */
export async function seedRecipients(n: number): Promise<string> {
  const id = `BENCH${n}`;
  const company = {
    id,
    code: id,
    name: `Bench ${n}`,
    address: {},
    warehouseIds: ['W1'],
    segments: ['B2B', 'B2C'] as ('B2B' | 'B2C')[],
    isPooledActivity: false,
    isTopAgent: false,
    isCertifiedOrganic: false,
    scope: ['*'],
    active: true,
  };
  const user = {
    id: `U${n}`,
    email: `bench${n}@cellar.test`,
    passwordHash: await hashPassword(BENCH_PASSWORD),
    firstname: 'Bench',
    lastname: String(n),
    roleLevel: 10 as const,
    active: true,
    locale: 'fr-FR',
    companyId: id,
    warehouseIds: ['W1'],
    scope: ['*'],
    notificationChannels: [],
    childIds: [],
    createdAt: new Date().toISOString(),
    version: 1,
  };
  await batchPut([...companyItems(company), ...userItems(user)]);
  const now = new Date().toISOString();
  const started = Date.now();
  const chunk = 5_000;
  for (let i = 0; i < n; i += chunk) {
    const items = [];
    for (let j = i; j < Math.min(n, i + chunk); j++) {
      const code = `R${String(j).padStart(7, '0')}`;
      const contactId = `${id}-${j}`;
      items.push({
        ...keys.contact(id, 'recipient', code),
        GSI1PK: keys.byId(contactId),
        GSI1SK: 'CONTACT',
        GSI2PK: keys.contactsOfType('recipient'),
        GSI2SK: `${code}#${id}`,
        entity: 'contact',
        id: contactId,
        type: 'recipient',
        code,
        ownerId: id,
        warehouseId: 'W1',
        segment: 'B2B',
        address: {
          isCompany: true,
          company: `Cave ${j}`,
          name: '',
          street: `${j} rue des Chais`,
          postcode: '33000',
          city: 'Bordeaux',
          country: 'FR',
        },
        comment: '',
        services: [],
        createdAt: now,
        updatedAt: now,
        version: 1,
      });
    }
    await batchPut(items);
  }
  // The counter a tenant's creates would have built.
  await batchPut([{ ...keys.counter(keys.tenant(id), 'CONTACT#recipient#B2B'), n }]);
  console.log(`  seeded ${n.toLocaleString('en')} recipients in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return user.email;
}

/** Seeds a tenant of n recipients, then signs its admin in through the runtime; returns the access token. */
export async function seedAndSignIn(url: string, n: number): Promise<string> {
  const email = await seedRecipients(n);
  companies.invalidate();
  const login = await fetch(`${url}/api/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  return ((await login.json()) as { access_token: string }).access_token;
}
