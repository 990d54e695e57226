/**
 * The first superadmin of a new stage, with the provider's company and warehouses that nothing else creates: run
 * once by ops (infra/ops/first-superadmin.ts), against the deployed table with the deployed functions' settings, or
 * against the local runtime. No password anywhere: the person gets the first-login e-mail every new user gets.
 *
 * One claim item makes it once per table. The claim records the whole request with the ids chosen for it, so a run
 * that died half-way is finished by running the command again (same e-mail), each write being one that a retry
 * recognises as its own; and a first-login link that was lost is sent again until the person has chosen a password.
 */

import { clock } from '@cellar/shared/common/clock';
import { fieldMessages } from '@cellar/shared/i18n/messages';
import { type FirstSuperadmin, firstSuperadminSchema, localeFor } from '@cellar/shared/users/schemas';
import { ulid } from 'ulid';
import { insertCompany, newCompany } from '../companies/repository';
import { keys } from '../data/keys';
import { companies, warehouseRecords, warehouses } from '../data/reference';
import { getItem, putNew } from '../data/table';
import { ConflictError, InvalidError, ItemExistsError } from '../errors';
import { getUser, insertUser, type UserItem } from './repository';
import { sendWelcome } from './reset-tokens';

const SUPERADMIN_LEVEL = 100;
const EXISTS = { email: ['api.first_superadmin_exists'] };

type Request = ReturnType<typeof firstSuperadminSchema.parse>;

interface Claim {
  request: Request;
  userId: string;
  companyId: string;
  warehouseIds: string[];
  createdAt: string;
}

/** Inserts what a retry may find already written by this same run (same id): that one is kept. */
async function once(insert: () => Promise<void>, stored: () => Promise<{ id: string } | undefined>, id: string) {
  try {
    await insert();
  } catch (e) {
    if (e instanceof ItemExistsError && (await stored())?.id === id) return;
    throw e;
  }
}

/** The run's claim: taken by the first run, found by the runs that finish it. */
async function claimFor(request: Request): Promise<Claim> {
  const fresh: Claim = {
    request,
    userId: ulid(),
    companyId: ulid(),
    warehouseIds: request.warehouses.map(() => ulid()),
    createdAt: clock.iso(),
  };
  try {
    await putNew({ ...keys.firstSuperadmin, ...fresh }, EXISTS);
    return fresh;
  } catch (e) {
    if (!(e instanceof ItemExistsError)) throw e;
    return (await getItem<Claim>(keys.firstSuperadmin)) as Claim;
  }
}

/**
 * Creates (or finishes creating) the first superadmin and e-mails the first-login link.
 * @throws InvalidError on bad input; ConflictError once a first superadmin exists and has signed in, or when
 * another person's run took the claim.
 */
export async function createFirstSuperadmin(input: FirstSuperadmin): Promise<UserItem> {
  const parsed = firstSuperadminSchema.safeParse(input);
  if (!parsed.success) throw new InvalidError(fieldMessages(parsed.error));
  const request = { ...parsed.data, email: parsed.data.email.trim().toLowerCase() };
  const claim = await claimFor(request);
  if (claim.request.email !== request.email) throw new ConflictError(EXISTS);
  const done = await getUser(claim.userId);
  if (done?.passwordHash) throw new ConflictError(EXISTS);

  // What the claim recorded, not this run's arguments: a finishing run writes what the first one meant to.
  const { company: provider, warehouses: sites } = claim.request;
  // A warehouse's item is keyed by the id the claim chose: found already, it is this run's own.
  for (const [i, site] of sites.entries()) {
    await warehouseRecords.insertOnce({ id: claim.warehouseIds[i] as string, code: site.code, name: site.name });
  }
  const company = newCompany({
    id: claim.companyId,
    code: provider.code,
    name: provider.name,
    address: { isCompany: true, company: provider.name, name: provider.name, country: provider.country },
    warehouseIds: claim.warehouseIds,
    createdAt: claim.createdAt,
  });
  await once(
    () => insertCompany(company, { 'company.code': ['validation.unique'] }),
    () => getItem<{ id: string }>(keys.company(company.id)),
    company.id,
  );
  const user: UserItem = done ?? {
    id: claim.userId,
    email: claim.request.email,
    passwordHash: '',
    firstname: claim.request.firstname,
    lastname: claim.request.lastname,
    roleLevel: SUPERADMIN_LEVEL,
    active: true,
    locale: localeFor(claim.request.language, provider.country),
    companyId: company.id,
    companyCode: company.code,
    warehouseIds: claim.warehouseIds,
    scope: ['*'],
    notificationChannels: ['mail'],
    childIds: [],
    createdAt: claim.createdAt,
    version: 1,
  };
  if (!done)
    await once(
      () => insertUser(user, { email: ['validation.unique'] }),
      () => getUser(user.id),
      user.id,
    );
  companies.invalidate();
  warehouses.invalidate();
  await sendWelcome(user);
  return user;
}
