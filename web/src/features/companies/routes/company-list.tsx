/** /company/list: the client accounts, the add button and the edit modal (superadmin); an admin sees its own. */
import { isSuperadmin } from '@cellar/shared/access/roles';
import { Button, Group, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DataGridHandle } from '../../../components/data-grid/data-grid';
import { confirmImpersonation } from '../../../components/layouts/impersonation';
import { ImportButton } from '../../../components/ui/import-button';
import { paths } from '../../../config/paths';
import { impersonate, usePrincipal } from '../../../lib/auth';
import { notify } from '../../../lib/notifications';
import { findCompanyAdmin } from '../api/get-company-admin';
import { CompaniesGrid, type CompanyRow } from '../components/companies-grid';
import { CompanyEditModal } from '../components/company-edit-modal';

export function CompanyListRoute() {
  const { t } = useTranslation();
  const principal = usePrincipal();
  const grid = useRef<DataGridHandle>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const onEdit = useCallback((c: CompanyRow) => setEditing(c.id), []);

  /** Acting as a company is acting as its admin user. */
  const onImpersonate = useCallback(
    (c: CompanyRow) =>
      void findCompanyAdmin(c.id)
        .then((adminId) =>
          adminId
            ? confirmImpersonation(
                t,
                t('companies.admin_of', { code: c.code }),
                () => void impersonate(adminId).catch(() => undefined),
              )
            : notify('warning', t('companies.no_admin', { code: c.code })),
        )
        .catch(() => undefined),
    [t],
  );

  return (
    <Stack>
      <Title order={2}>{t(paths.companies.list.title)}</Title>
      <CompaniesGrid
        ref={grid}
        principal={principal}
        onEdit={onEdit}
        onImpersonate={onImpersonate}
        actions={
          isSuperadmin(principal) && (
            <Group gap="xs">
              <Button component={Link} to={paths.companies.create.path} leftSection={<IconPlus size={16} />}>
                {t('companies.add')}
              </Button>
              <ImportButton to={paths.companies.import.path} />
            </Group>
          )
        }
      />
      <CompanyEditModal companyId={editing} onClose={() => setEditing(null)} onSaved={() => grid.current?.refresh()} />
    </Stack>
  );
}
