/**
 * The packing list of a shipped order (spec 2 §2): one row per parcel or pallet, then its contents. Its columns
 * follow the user's preference (slug `orderPacking`, spec 2 §10), shown, hidden, saved and reset through the
 * column menu every grid has.
 */
import type { Packing } from '@cellar/shared/orders/schemas';
import { Group, Loader, Paper, ScrollArea, Table, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ColumnMenu } from '../../../components/data-grid/column-menu';
import { useColumnLayout } from '../../../components/data-grid/use-column-layout';

interface PackingColumn {
  field: string;
  header: string;
  cell: (p: Packing, t: TFunction) => ReactNode;
  monospace?: boolean;
}

const contentsOf = (p: Packing, t: TFunction) =>
  p.details
    .map(
      (d) =>
        `${d.productCode} ${d.label}${d.batch ? ` (${d.batch})` : ''} × ${d.quantity}${
          d.pcb ? ` – ${t('orders.packing.cartons', { count: d.quantityInCols })}` : ''
        }`,
    )
    .join(' · ');

/** In their order of importance: what names a parcel, what it is, then what it holds. */
export const PACKING_COLUMNS: readonly PackingColumn[] = [
  { field: 'sscc', header: 'orders.packing.sscc', cell: (p) => p.sscc, monospace: true },
  { field: 'support', header: 'orders.packing.support', cell: (p) => p.support },
  { field: 'weight', header: 'orders.packing.weight', cell: (p) => `${p.weight} kg` },
  { field: 'quantity', header: 'orders.packing.quantity', cell: (p) => p.quantity },
  { field: 'details', header: 'orders.packing.contents', cell: contentsOf },
];

export function PackingList({ packings }: { packings: readonly Packing[] }) {
  const { t } = useTranslation();
  const layout = useColumnLayout('orderPacking', PACKING_COLUMNS);
  const title = t('orders.packing.title', { count: packings.length });
  const shown = PACKING_COLUMNS.filter((c) => layout.visible.includes(c.field));
  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="xs" gap="xs">
        <Title order={4}>{title}</Title>
        <ColumnMenu
          columns={PACKING_COLUMNS.map((c) => ({ field: c.field, label: t(c.header) }))}
          visible={layout.visible}
          onToggle={layout.toggle}
          saving={layout.saving}
          onSave={layout.save}
          onReset={layout.reset}
        />
      </Group>
      {layout.loading ? (
        <Loader size="sm" aria-label={t('grid.loading')} />
      ) : (
        // A Tab stop, so that a keyboard can scroll the table sideways on a phone.
        <ScrollArea type="auto" viewportProps={{ tabIndex: 0, 'aria-label': title }}>
          <Table
            withTableBorder
            verticalSpacing={4}
            miw={Math.min(720, 150 * shown.length)}
            data-testid="order-packings"
          >
            <Table.Thead>
              <Table.Tr>
                {shown.map((c) => (
                  <Table.Th key={c.field}>{t(c.header)}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {packings.map((p) => (
                <Table.Tr key={p.sscc}>
                  {shown.map((c) => (
                    <Table.Td key={c.field} ff={c.monospace ? 'monospace' : undefined}>
                      {c.cell(p, t)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </Paper>
  );
}
