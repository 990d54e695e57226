import { routes } from '@cellar/shared/routes/table';
import { callRoute } from '../../../lib/api-client';

/** A company's (first active) admin user, whom the superadmin acts as from the company list (spec 1 §7). */
export async function findCompanyAdmin(companyId: string): Promise<string | null> {
  const page = await callRoute(routes.userList, {
    query: {
      filters: [
        { field: 'company.uuid', op: 'eq', values: [companyId] },
        { field: 'role.slug', op: 'eq', values: ['admin'] },
      ],
      sort: [{ field: 'createdAt', desc: false }],
      paginate: 20,
    },
  });
  return page.data.find((u) => u.active)?.id ?? null;
}
