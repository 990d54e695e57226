/**
 * Which stock line of a product managing several stocks receives the quantity (spec 3 §2, §4): the product's
 * lines in the reception's warehouse and segment, filtered by batch; or a new lot (stock creation). Nothing chosen
 * gives the information 'stock.no_stock_alert'.
 */
import type { SegmentCode } from '@cellar/shared/common/schemas';
import { RECEPTION_QUANTITY_MAX } from '@cellar/shared/receptions/schemas';
import type { Stock } from '@cellar/shared/stocks/schemas';
import { wholeNumberIssue } from '@cellar/shared/validation/validators';
import { Button, Center, Group, Loader, Modal, Radio, ScrollArea, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QuantityInput } from '../../../components/forms/quantity-input';
import { formatDay } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { notify } from '../../../lib/notifications';
import { useProductStocks } from '../api/get-product-stocks';
import { type CartLine, type CartProduct, positiveQuantity } from '../utils/cart';
import { StockCreateForm } from './stock-create-form';

export interface StockChoice {
  product: CartProduct;
  quantity: number;
}

interface StockSelectModalProps {
  /** The product and quantity being added; null closes the modal. */
  choice: StockChoice | null;
  warehouseId: string;
  segment: SegmentCode | null;
  onAdd: (line: CartLine) => void;
  onClose: () => void;
}

const FILTER_DEBOUNCE_MS = 300;

interface StockLinesProps extends StockSelectModalProps {
  choice: StockChoice;
  creating: boolean;
  onCreating: (creating: boolean) => void;
}

function StockLines({ choice, warehouseId, segment, onAdd, onClose, creating, onCreating }: StockLinesProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [batch, setBatch] = useState('');
  const [debouncedBatch] = useDebouncedValue(batch, FILTER_DEBOUNCE_MS);
  const [selected, setSelected] = useState<string | null>(null);
  const [quantity, setQuantity] = useState<string | number>(choice.quantity);
  const stocks = useProductStocks({ productId: choice.product.id, warehouseId, segment, batch: debouncedBatch });
  const day = (v: string | null) => (v ? formatDay(v, language) : '—');

  if (creating) {
    return (
      <StockCreateForm
        product={choice.product}
        quantity={positiveQuantity(quantity) ?? choice.quantity}
        onAdd={onAdd}
        onBack={() => onCreating(false)}
      />
    );
  }

  const add = () => {
    const stock = stocks.data?.find((s) => s.id === selected);
    const expected = positiveQuantity(quantity);
    if (!stock) {
      notify('information', t('stock.no_stock_alert'));
      return;
    }
    if (expected === null || wholeNumberIssue(quantity, { min: 1, max: RECEPTION_QUANTITY_MAX })) return;
    onAdd(lineOf(choice.product, stock, expected));
  };

  return (
    <Stack gap="sm">
      <Group grow align="flex-end">
        <TextInput
          label={t('receptions.stock.batch_filter')}
          value={batch}
          onChange={(e) => setBatch(e.currentTarget.value)}
          data-autofocus
        />
        <QuantityInput
          label={t('receptions.fields.quantity')}
          min={1}
          max={RECEPTION_QUANTITY_MAX}
          showIssue
          value={quantity}
          onChange={setQuantity}
        />
      </Group>
      <Radio.Group value={selected} onChange={setSelected} label={t('receptions.stock.lines')}>
        <ScrollArea.Autosize mah={300} type="auto">
          {stocks.isPending ? (
            <Center h={80}>
              <Loader size="sm" aria-label={t('common.loading')} />
            </Center>
          ) : stocks.data?.length ? (
            <Table striped withTableBorder verticalSpacing={4} miw={460}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th />
                  <Table.Th>{t('receptions.columns.batch')}</Table.Th>
                  <Table.Th>{t('receptions.columns.ubd')}</Table.Th>
                  <Table.Th>{t('receptions.columns.bbd')}</Table.Th>
                  <Table.Th>{t('receptions.columns.quality')}</Table.Th>
                  <Table.Th>{t('receptions.stock.quantity')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {stocks.data.map((s) => (
                  <Table.Tr key={s.id} onClick={() => setSelected(s.id)} style={{ cursor: 'pointer' }}>
                    <Table.Td>
                      <Radio value={s.id} aria-label={`${t('receptions.stock.choose')} ${s.batch ?? s.id}`} />
                    </Table.Td>
                    <Table.Td>{s.batch ?? '—'}</Table.Td>
                    <Table.Td>{day(s.ubd)}</Table.Td>
                    <Table.Td>{day(s.bbd)}</Table.Td>
                    <Table.Td>{s.quality}</Table.Td>
                    <Table.Td>{s.quantity}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : (
            <Text size="sm" c="dimmed" py="sm">
              {t('receptions.stock.none')}
            </Text>
          )}
        </ScrollArea.Autosize>
      </Radio.Group>
      <Group justify="space-between" mt="sm">
        <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => onCreating(true)}>
          {t('receptions.stock.new_lot')}
        </Button>
        <Group gap="xs">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={add}>{t('receptions.stock.add')}</Button>
        </Group>
      </Group>
    </Stack>
  );
}

const lineOf = (product: CartProduct, s: Stock, expected: number): CartLine => ({
  product,
  stockId: s.id,
  quality: s.quality,
  batch: s.batch,
  ubd: s.ubd,
  bbd: s.bbd,
  expected,
});

export function StockSelectModal(props: StockSelectModalProps) {
  const { t } = useTranslation();
  const { choice } = props;
  const [creating, setCreating] = useState(false);
  const code = choice?.product.code ?? '';
  return (
    <Modal
      opened={choice !== null}
      onClose={props.onClose}
      onExitTransitionEnd={() => setCreating(false)}
      title={t(creating ? 'receptions.stock.create_title' : 'receptions.stock.title', { code })}
      size="lg"
    >
      {choice && <StockLines {...props} choice={choice} creating={creating} onCreating={setCreating} />}
    </Modal>
  );
}
