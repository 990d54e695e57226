/**
 * The demo's warehouses, companies (the provider and two clients) and accounts (the password and e-mails below,
 * which the README, the tests and the benchmarks sign in with).
 */
import { hashPassword } from '@cellar/functions/auth/passwords';
import { companyItems, newCompany, warehouseItem } from '@cellar/functions/companies/repository';
import { type CompanyItem, companies, warehouses } from '@cellar/functions/data/reference';
import { batchPut } from '@cellar/functions/data/table';
import { type UserItem, userItems } from '@cellar/functions/users/repository';
import { ulid } from 'ulid';
import { address, FIRST, LAST, type Rng } from './people';

export const DEMO_PASSWORD = 'Cellar-demo-2026';
export const DEMO_ACCOUNTS = [
  { email: 'superadmin@cellar.test', role: 'superadmin', company: 'CELLAR' },
  { email: 'admin@cli001.test', role: 'admin', company: 'CLI001' },
  { email: 'user@cli001.test', role: 'user', company: 'CLI001' },
  { email: 'reader@cli001.test', role: 'reader', company: 'CLI001' },
  { email: 'admin@cli002.test', role: 'admin', company: 'CLI002' },
] as const;

/** Three warehouses, the provider and its two clients (CLI001 sells B2B and B2C; CLI002 is a pooled B2B
 * cooperative in two warehouses), and an account of each demo role; CLI001's admin may switch to CLI002. */
export async function seedAccounts(rng: Rng) {
  const wh = [
    { id: ulid(), code: 'BDX', name: 'Bordeaux – Bruges' },
    { id: ulid(), code: 'COG', name: 'Cognac – Châteaubernard' },
    { id: ulid(), code: 'REI', name: 'Reims – La Pompelle' },
  ];
  const company = (code: string, name: string, city: [string, string], extra: Partial<CompanyItem>): CompanyItem =>
    newCompany({
      id: ulid(),
      code,
      name,
      address: { ...address(rng, name, false, true), city: city[0], postcode: city[1] },
      warehouseIds: wh.map((w) => w.id),
      ...extra,
    });
  const provider = company('CELLAR', 'Cellar Logistique', ['Bordeaux', '33300'], {});
  const cli001 = company('CLI001', 'Vignobles Duval & Fils', ['Pauillac', '33250'], { isCertifiedOrganic: true });
  const cli002 = company('CLI002', 'Coopérative des Coteaux', ['Cognac', '16100'], {
    segments: ['B2B'],
    isPooledActivity: true,
    warehouseIds: [wh[0]!.id, wh[1]!.id],
  });
  const byCode = { CELLAR: provider, CLI001: cli001, CLI002: cli002 };

  const hash = await hashPassword(DEMO_PASSWORD);
  const levels = { superadmin: 100, admin: 10, user: 2, reader: 1 } as const;
  const users: UserItem[] = DEMO_ACCOUNTS.map((a) => {
    const [local] = a.email.split('@');
    return {
      id: ulid(),
      email: a.email,
      passwordHash: hash,
      firstname: rng.pick(FIRST),
      lastname: `${rng.pick(LAST)} (${local})`,
      roleLevel: levels[a.role],
      active: true,
      locale: 'fr-FR',
      companyId: byCode[a.company].id,
      companyCode: byCode[a.company].code,
      warehouseIds: byCode[a.company].warehouseIds,
      scope: ['*'],
      notificationChannels: ['mail'],
      childIds: [],
      createdAt: new Date().toISOString(),
      version: 1,
    };
  });

  // A group account: CLI001's admin may switch to CLI002's.
  const [, admin1, , , admin2] = users;
  if (admin1 && admin2) admin1.childIds = [admin2.id];

  await batchPut([
    ...wh.map(warehouseItem),
    ...[provider, cli001, cli002].flatMap(companyItems),
    ...users.flatMap(userItems),
  ]);
  companies.invalidate();
  warehouses.invalidate();
  const superadmin = users.find((u) => u.roleLevel === levels.superadmin);
  if (!superadmin) throw new Error('The demo superadmin is missing');
  return { wh, provider, cli001, cli002, users, superadmin };
}
