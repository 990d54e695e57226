/** The packing list of a shipped order (spec 2 §2): one row per parcel or pallet, then its contents. */
import type { Packing } from '@cellar/shared/orders/schemas';
import { Paper, ScrollArea, Table, Title } from '@mantine/core';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';

export function PackingList({ packings }: { packings: readonly Packing[] }) {
  const { t } = useTranslation();
  const title = t('orders.packing.title', { count: packings.length });
  return (
    <Paper withBorder p="md">
      <Title order={4} mb="xs">
        {title}
      </Title>
      {/* A Tab stop, so that a keyboard can scroll the table sideways on a phone. */}
      <ScrollArea type="auto" viewportProps={{ tabIndex: 0, 'aria-label': title }}>
        <Table withTableBorder verticalSpacing={4} miw={720} data-testid="order-packings">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('orders.packing.sscc')}</Table.Th>
              <Table.Th>{t('orders.packing.support')}</Table.Th>
              <Table.Th>{t('orders.packing.weight')}</Table.Th>
              <Table.Th>{t('orders.packing.quantity')}</Table.Th>
              <Table.Th>{t('orders.packing.contents')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {packings.map((p) => (
              <Fragment key={p.sscc}>
                <Table.Tr>
                  <Table.Td ff="monospace">{p.sscc}</Table.Td>
                  <Table.Td>{p.support}</Table.Td>
                  <Table.Td>{`${p.weight} kg`}</Table.Td>
                  <Table.Td>{p.quantity}</Table.Td>
                  <Table.Td>
                    {p.details
                      .map(
                        (d) =>
                          `${d.productCode} ${d.label}${d.batch ? ` (${d.batch})` : ''} × ${d.quantity}${
                            d.pcb ? ` – ${t('orders.packing.cartons', { count: d.quantityInCols })}` : ''
                          }`,
                      )
                      .join(' · ')}
                  </Table.Td>
                </Table.Tr>
              </Fragment>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Paper>
  );
}
