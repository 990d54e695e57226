/** /stock/movement: 'Mouvement de stocks'. */
import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { usePrincipal } from '../../../lib/auth';
import { StockMovementsGrid } from '../components/stock-movements-grid';

export function StockMovementListRoute() {
  const { t } = useTranslation();
  return (
    <Stack>
      <Title order={2}>{t(paths.stock.movements.title)}</Title>
      <StockMovementsGrid principal={usePrincipal()} />
    </Stack>
  );
}
