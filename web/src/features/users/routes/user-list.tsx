/**
 * The users lists. /client-user/list: the admin's own company ('my users'); /client-user/{companyId}/list: one
 * company's, for the superadmin, under a company breadcrumb; /user/list: the user administration (every user a
 * superadmin sees, the company's for an admin).
 */
import { isSuperadmin } from '@cellar/shared/access/roles';
import type { User } from '@cellar/shared/users/schemas';
import { Button, Group, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { DataGridHandle } from '../../../components/data-grid/data-grid';
import { PageBreadcrumbs } from '../../../components/layouts/page-breadcrumbs';
import { ImportButton } from '../../../components/ui/import-button';
import { clientUserCreatePath, clientUserImportPath, paths } from '../../../config/paths';
import { usePrincipal, useUser } from '../../../lib/auth';
import { useCompany } from '../api/get-company';
import { UserEditModal } from '../components/user-edit-modal';
import { UsersGrid } from '../components/users-grid';

/** The superadmin's way back: home, client accounts, the company. */
function CompanyCrumbs({ companyId, current }: { companyId: string; current: string }) {
  const { t } = useTranslation();
  const company = useCompany(companyId);
  return (
    <PageBreadcrumbs
      crumbs={[
        { label: t('menu.home'), to: paths.dashboard.path },
        { label: t(paths.companies.list.title), to: paths.companies.list.path },
        { label: `${company.code} - ${company.name}` },
        { label: current },
      ]}
    />
  );
}

export function UserListRoute({ administration }: { administration: boolean }) {
  const { t } = useTranslation();
  const principal = usePrincipal();
  const me = useUser();
  const { companyId } = useParams();
  const grid = useRef<DataGridHandle>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const onEdit = useCallback((u: User) => setEditing(u.id), []);
  const refresh = useCallback(() => grid.current?.refresh(), []);
  const superadmin = isSuperadmin(principal);

  // A company's list: the one named, else one's own (the administration list is not narrowed).
  const listCompany = administration ? undefined : (companyId ?? me.companyId);
  const title = administration
    ? t(paths.users.list.title)
    : superadmin
      ? t(paths.clientUsers.companyList.title)
      : t(paths.clientUsers.list.title);
  const createPath = administration ? paths.users.create.path : clientUserCreatePath(companyId);
  const importPath = administration || !listCompany ? paths.users.import.path : clientUserImportPath(listCompany);

  return (
    <Stack>
      {!administration && superadmin && listCompany && <CompanyCrumbs companyId={listCompany} current={title} />}
      <Title order={2}>{title}</Title>
      <UsersGrid
        ref={grid}
        slug={administration ? 'user' : 'client-user'}
        companyId={listCompany}
        onEdit={onEdit}
        onChanged={refresh}
        actions={
          <Group gap="xs">
            <Button component={Link} to={createPath} leftSection={<IconPlus size={16} />}>
              {t('users.add')}
            </Button>
            <ImportButton to={importPath} />
          </Group>
        }
      />
      <UserEditModal userId={editing} onClose={() => setEditing(null)} onSaved={refresh} />
    </Stack>
  );
}
