/**
 * /client-user/create, /client-user/{companyId}/create (superadmin, company breadcrumb) and /user/create (the user
 * administration). After the creation, the list the form came from.
 */
import { isSuperadmin } from '@cellar/shared/access/roles';
import type { Company } from '@cellar/shared/companies/schemas';
import { Paper, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { type Crumb, PageBreadcrumbs } from '../../../components/layouts/page-breadcrumbs';
import { clientUserListPath, paths } from '../../../config/paths';
import { usePrincipal } from '../../../lib/auth';
import { useCreateUser } from '../api/create-user';
import { useCompany } from '../api/get-company';
import { UserCreateForm } from '../components/user-create-form';

function CreatePage({ administration, company }: { administration: boolean; company: Company | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateUser();
  const superadmin = isSuperadmin(usePrincipal());
  const listPath = administration ? paths.users.list.path : clientUserListPath(company?.id);
  const title = t(paths.users.create.title);
  const listTitle = t(
    administration
      ? paths.users.list.title
      : superadmin
        ? paths.clientUsers.companyList.title
        : paths.clientUsers.list.title,
  );

  const crumbs: Crumb[] = [
    { label: t('menu.home'), to: paths.dashboard.path },
    ...(company
      ? [
          { label: t(paths.companies.list.title), to: paths.companies.list.path },
          { label: `${company.code} - ${company.name}`, to: listPath },
        ]
      : [{ label: listTitle, to: listPath }]),
    { label: title },
  ];

  return (
    <Stack>
      <PageBreadcrumbs crumbs={crumbs} />
      <Title order={2}>{title}</Title>
      <Paper withBorder p="md" maw={900}>
        <UserCreateForm
          company={company}
          administration={administration}
          submitting={create.isPending}
          onCancel={() => navigate(listPath)}
          onSubmit={(body) => create.mutateAsync(body).then(() => navigate(listPath))}
        />
      </Paper>
    </Stack>
  );
}

function CompanyCreatePage({ companyId }: { companyId: string }) {
  return <CreatePage administration={false} company={useCompany(companyId)} />;
}

export function UserCreateRoute({ administration }: { administration: boolean }) {
  const { companyId } = useParams();
  return companyId ? (
    <CompanyCreatePage companyId={companyId} />
  ) : (
    <CreatePage administration={administration} company={null} />
  );
}
