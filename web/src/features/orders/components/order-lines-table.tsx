/** An order's cart read-only (detail page): ordered and prepared per lot; the heading counts lines and bottles. */
import type { OrderLine } from '@cellar/shared/orders/schemas';
import { useTranslation } from 'react-i18next';
import { LotLinesTable } from '../../../components/documents/lot-lines-table';

export function OrderLinesTable({ lines }: { lines: readonly OrderLine[] }) {
  const { t } = useTranslation();
  const bottles = lines.reduce((sum, l) => sum + l.ordered, 0);
  return (
    <LotLinesTable
      title={`${t('orders.cart')} – ${t('orders.lines_count', { count: lines.length })}, ${t('orders.bottles_count', { count: bottles })}`}
      lines={lines}
      outbound
      testId="order-lines"
      columns={[
        { header: t('orders.columns.ordered'), cell: (l) => l.ordered },
        { header: t('orders.columns.prepared'), cell: (l) => l.prepared ?? '' },
      ]}
    />
  );
}
