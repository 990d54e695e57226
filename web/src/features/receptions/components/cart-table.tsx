/** Step 2's cart (spec 3 §2): the stock lines chosen, their count, and a delete icon per line. */
import { ActionIcon, ScrollArea, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { type CartLine, lineKey } from '../utils/cart';
import { LotHeaderCells } from './lot-header-cells';

interface CartTableProps {
  cart: readonly CartLine[];
  onRemove: (key: string) => void;
}

export function CartTable({ cart, onRemove }: CartTableProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const day = (v: string | null) => (v ? formatDay(v, language) : '');
  return (
    <section aria-label={t('receptions.cart')}>
      <Title order={4} mb="xs">
        {t('receptions.cart_count', { count: cart.length })}
      </Title>
      {cart.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('receptions.cart_empty')}
        </Text>
      ) : (
        <ScrollArea type="auto">
          <Table withTableBorder striped verticalSpacing={4} miw={560} data-testid="cart">
            <Table.Thead>
              <Table.Tr>
                <LotHeaderCells />
                <Table.Th w={40} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {cart.map((l) => (
                <Table.Tr key={lineKey(l)}>
                  <Table.Td>{l.product.code}</Table.Td>
                  <Table.Td>{l.product.label}</Table.Td>
                  <Table.Td>{l.batch ?? ''}</Table.Td>
                  <Table.Td>{day(l.ubd)}</Table.Td>
                  <Table.Td>{day(l.bbd)}</Table.Td>
                  <Table.Td>{l.quality}</Table.Td>
                  <Table.Td>{l.expected}</Table.Td>
                  <Table.Td>
                    <Tooltip label={t('common.delete')}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        size="sm"
                        aria-label={`${t('common.delete')} ${l.product.code}${l.batch ? ` ${l.batch}` : ''}`}
                        onClick={() => onRemove(lineKey(l))}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </section>
  );
}
