/** /company/create: a new client account, then the list ('account created' / 'Fail to create client account.'). */
import { Paper, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageBreadcrumbs } from '../../../components/layouts/page-breadcrumbs';
import { paths } from '../../../config/paths';
import { useCreateCompany } from '../api/create-company';
import { CompanyForm } from '../components/company-form';

export function CompanyCreateRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateCompany();
  const listPath = paths.companies.list.path;
  return (
    <Stack>
      <PageBreadcrumbs
        crumbs={[
          { label: t('menu.home'), to: paths.dashboard.path },
          { label: t(paths.companies.list.title), to: listPath },
          { label: t(paths.companies.create.title) },
        ]}
      />
      <Title order={2}>{t(paths.companies.create.title)}</Title>
      <Paper withBorder p="md" maw={1000}>
        <CompanyForm
          submitting={create.isPending}
          onCancel={() => navigate(listPath)}
          onSubmit={(body) => create.mutateAsync(body).then(() => navigate(listPath))}
        />
      </Paper>
    </Stack>
  );
}
