/**
 * A new lot of a product (spec 3 §2, §5): quality read-only, and batch, use-by and best-before dates only where
 * the product manages them. A lot equal to an existing stock line is reused by the server, never duplicated.
 */

import { type LotIssue, lotIssues, RECEPTION_QUANTITY_MAX } from '@cellar/shared/receptions/schemas';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DayFromTodayInput } from '../../../components/forms/day-from-today-input';
import { QuantityInput } from '../../../components/forms/quantity-input';
import { type CartLine, type CartProduct, DEFAULT_QUALITY, positiveQuantity } from '../utils/cart';

interface StockCreateFormProps {
  product: CartProduct;
  quantity: number;
  onAdd: (line: CartLine) => void;
  onBack: () => void;
}

export function StockCreateForm({ product, quantity, onAdd, onBack }: StockCreateFormProps) {
  const { t } = useTranslation();
  const [batch, setBatch] = useState('');
  const [ubd, setUbd] = useState<string | null>(null);
  const [bbd, setBbd] = useState<string | null>(null);
  const [expected, setExpected] = useState<string | number>(quantity);
  const [submitted, setSubmitted] = useState(false);
  const quantityOk = positiveQuantity(expected) !== null && Number(expected) <= RECEPTION_QUANTITY_MAX;
  const lot = { batch: batch.trim() || null, ubd, bbd };
  const lotError = (field: LotIssue['field']) => {
    const found = submitted ? lotIssues(lot, product).find((i) => i.field === field) : undefined;
    return found ? t(found.key) : undefined;
  };

  const dateField = (
    field: 'ubd' | 'bbd',
    label: string,
    value: string | null,
    onChange: (v: string | null) => void,
  ) => <DayFromTodayInput label={label} value={value} onChange={onChange} error={lotError(field)} />;

  const add = () => {
    setSubmitted(true);
    const line: CartLine = {
      product,
      stockId: null,
      quality: DEFAULT_QUALITY,
      ...lot,
      expected: positiveQuantity(expected) ?? 0,
    };
    if (!quantityOk || lotIssues(line, product).length) return;
    onAdd(line);
  };

  return (
    <Stack gap="sm" aria-label={t('receptions.stock.create_title', { code: product.code })} role="form">
      <TextInput label={t('receptions.columns.quality')} value={DEFAULT_QUALITY} readOnly variant="filled" />
      {product.hasBatch && (
        <TextInput
          label={t('receptions.columns.batch')}
          value={batch}
          maxLength={50}
          onChange={(e) => setBatch(e.currentTarget.value)}
          required
          error={lotError('batch')}
          data-autofocus
        />
      )}
      {product.hasUbd && dateField('ubd', t('receptions.columns.ubd'), ubd, setUbd)}
      {product.hasBbd && dateField('bbd', t('receptions.columns.bbd'), bbd, setBbd)}
      <QuantityInput
        label={t('receptions.fields.quantity')}
        min={1}
        max={RECEPTION_QUANTITY_MAX}
        showIssue={submitted}
        value={expected}
        onChange={setExpected}
      />
      <Group justify="flex-end" mt="sm">
        <Button variant="default" onClick={onBack}>
          {t('breadcrumbs.back')}
        </Button>
        <Button onClick={add}>{t('receptions.stock.add')}</Button>
      </Group>
    </Stack>
  );
}
