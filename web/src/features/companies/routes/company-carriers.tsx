/** /company/carriers: which B2C carrier services each client account may use. */
import { Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { GRID_HEIGHT } from '../../../components/data-grid/grid-states';
import { paths } from '../../../config/paths';
import { useB2cCarriers } from '../api/get-b2c-carriers';
import { useMatrixCompanies } from '../api/get-matrix-companies';
import { CarrierMatrixGrid, type MatrixCompany } from '../components/carrier-matrix-grid';
import { matrixCarriers } from '../utils/carrier-matrix';

export function CompanyCarriersRoute() {
  const { t } = useTranslation();
  const carriers = useB2cCarriers();
  const companies = useMatrixCompanies();
  const columns = useMemo(() => matrixCarriers(carriers.data ?? []), [carriers.data]);
  const rows = useMemo<MatrixCompany[]>(
    () =>
      (companies.data ?? []).map((c) => ({
        id: c.id,
        code: c.code,
        name: c.name,
        granted: c.permissions?.services ?? [],
      })),
    [companies.data],
  );

  return (
    <Stack>
      <Title order={2}>{t(paths.companies.carriers.title)}</Title>
      <Text size="sm" c="dimmed">
        {t('companies.carriers_help')}
      </Text>
      {carriers.isPending || companies.isPending ? (
        <Center h={200}>
          <Loader aria-label={t('common.loading')} />
        </Center>
      ) : (
        <CarrierMatrixGrid companies={rows} carriers={columns} height={GRID_HEIGHT} />
      )}
    </Stack>
  );
}
