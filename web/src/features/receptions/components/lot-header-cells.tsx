/** The header cells a reception's lines share wherever they are shown (cart, detail, status): product and lot. */
import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const LOT_COLUMNS = ['product_code', 'label', 'batch', 'ubd', 'bbd', 'quality', 'expected'] as const;

export function LotHeaderCells() {
  const { t } = useTranslation();
  return LOT_COLUMNS.map((c) => <Table.Th key={c}>{t(`receptions.columns.${c}`)}</Table.Th>);
}
