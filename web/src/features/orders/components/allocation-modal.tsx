/**
 * The stock allocation modal (spec 2 "Modals of the order flow", §5; issue 10): splits a product's required
 * quantity across its lots (warehouse, quality, batch, UBD, BBD). Each lot has a quantity input, a minus button
 * (empties it) and an add-all button (as much as it has, up to what remains); a batch filter; a remaining counter.
 * It opens filled first expired, first out; lots expiring within 30 days are flagged. It validates only when the
 * whole quantity is allocated.
 */
import { expiresSoon, fefoFill, fefoOrder } from '@cellar/shared/orders/fefo';
import { allocationResult, lotAvailable } from '@cellar/shared/orders/wizard';
import type { Stock } from '@cellar/shared/stocks/schemas';
import { parseWholeNumber } from '@cellar/shared/validation/validators';
import { ActionIcon, Badge, Button, Group, Modal, ScrollArea, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QuantityInput, useQuantityIssue } from '../../../components/forms/quantity-input';
import { Hint } from '../../../components/ui/hint';
import { notifyInvalidForm } from '../../../lib/form';
import { formatDay } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { notify } from '../../../lib/notifications';

export interface AllocationRequest {
  product: { id: string; code: string; label: string };
  required: number;
  /** The product's lots, each with what it may still give this order. */
  lots: readonly (Stock & { offer: number })[];
  /** The split already in the cart, by stock line (empty: filled first expired, first out). */
  current: Readonly<Record<string, number>>;
}

interface AllocationModalProps {
  request: AllocationRequest | null;
  onConfirm: (lines: { stockId: string; quantity: number }[]) => void;
  onClose: () => void;
}

const fefoLot = (l: Stock & { offer: number }) => ({
  stockId: l.id,
  available: l.offer,
  ubd: l.ubd,
  bbd: l.bbd,
  batch: l.batch,
  createdAt: l.createdAt,
});

function initialSplit({ required, lots, current }: AllocationRequest): Record<string, number> {
  const kept = Object.values(current).reduce((n, q) => n + q, 0) === required;
  if (kept) return { ...current };
  return Object.fromEntries(fefoFill(lots.map(fefoLot), required).map((a) => [a.stockId, a.quantity]));
}

function Allocation({ request, onConfirm, onClose }: AllocationModalProps & { request: AllocationRequest }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  // Quantities as typed: one above its lot's offer stays in its field, refused with its message.
  const [split, setSplit] = useState<Record<string, number | string>>(() => initialSplit(request));
  const issueOf = useQuantityIssue();
  const offerOf = (id: string) => request.lots.find((l) => l.id === id)?.offer ?? 0;
  const refused = Object.entries(split).some(([id, v]) => v !== '' && issueOf(v, { min: 0, max: offerOf(id) }));
  const [batch, setBatch] = useState('');
  const ordered = fefoOrder(request.lots.map((l) => ({ ...fefoLot(l), lot: l }))).map((x) => x.lot);
  const shown = ordered.filter(
    (l) => !batch.trim() || (l.batch ?? '').toLowerCase().includes(batch.trim().toLowerCase()),
  );
  const allocations = Object.entries(split).map(([stockId, v]) => ({ stockId, quantity: parseWholeNumber(v) ?? 0 }));
  const result = allocationResult(request.required, allocations);
  const day = (v: string | null) => (v ? formatDay(v, language) : '—');
  const set = (id: string, value: number | string) => setSplit((s) => ({ ...s, [id]: value }));

  const confirm = () => {
    if (refused) notifyInvalidForm();
    else if (result.total === 0) notify('information', t('stock.no_stock_alert'));
    else if (!result.complete) notify('information', t('order.allocation_incomplete'));
    else onConfirm(result.lines);
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <TextInput
          label={t('orders.allocation.batch_filter')}
          value={batch}
          onChange={(e) => setBatch(e.currentTarget.value)}
          w={{ base: '100%', sm: 240 }}
        />
        <Text size="sm" fw={600} role="status" aria-live="polite">
          {t('orders.allocation.remaining', { left: result.remaining, required: request.required })}
        </Text>
      </Group>
      <ScrollArea.Autosize mah={380} type="auto">
        <Table striped withTableBorder verticalSpacing={4} miw={640} aria-label={t('orders.allocation.lots')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('documents.columns.warehouse')}</Table.Th>
              <Table.Th>{t('documents.columns.quality')}</Table.Th>
              <Table.Th>{t('documents.columns.batch')}</Table.Th>
              <Table.Th>{t('documents.columns.ubd')}</Table.Th>
              <Table.Th>{t('documents.columns.bbd')}</Table.Th>
              <Table.Th>{t('orders.allocation.available')}</Table.Th>
              <Table.Th w={190}>{t('orders.allocation.quantity')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((l) => {
              const name = l.batch ?? l.warehouse?.code ?? l.id;
              const typed = split[l.id] ?? 0;
              const value = parseWholeNumber(typed) ?? 0;
              return (
                <Table.Tr key={l.id} data-testid="allocation-lot">
                  <Table.Td>{l.warehouse?.code ?? ''}</Table.Td>
                  <Table.Td>{l.quality}</Table.Td>
                  <Table.Td>{l.batch ?? '—'}</Table.Td>
                  <Table.Td>{day(l.ubd)}</Table.Td>
                  <Table.Td>
                    {day(l.bbd)}
                    {expiresSoon(l) && (
                      <Badge ml={4} size="xs" color="orange" variant="light">
                        {t('documents.expires_soon')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>{l.offer}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Hint label={t('orders.allocation.clear')}>
                        <ActionIcon
                          variant="subtle"
                          size="sm"
                          aria-label={`${t('orders.allocation.clear')} ${name}`}
                          onClick={() => set(l.id, 0)}
                        >
                          <IconMinus size={16} />
                        </ActionIcon>
                      </Hint>
                      <QuantityInput
                        aria-label={`${t('orders.allocation.quantity')} ${name}`}
                        size="xs"
                        w={90}
                        min={0}
                        max={l.offer}
                        hideControls
                        value={typed || ''}
                        onChange={(v) => set(l.id, v)}
                      />
                      <Hint label={t('orders.allocation.add_all')}>
                        <ActionIcon
                          variant="subtle"
                          size="sm"
                          aria-label={`${t('orders.allocation.add_all')} ${name}`}
                          onClick={() => set(l.id, Math.min(l.offer, value + Math.max(0, result.remaining)))}
                        >
                          <IconPlus size={16} />
                        </ActionIcon>
                      </Hint>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button onClick={confirm}>{t('orders.allocation.confirm')}</Button>
      </Group>
    </Stack>
  );
}

export function AllocationModal({ request, onConfirm, onClose }: AllocationModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={request !== null}
      onClose={onClose}
      size="xl"
      title={t('orders.allocation.title', { code: request?.product.code ?? '', required: request?.required ?? 0 })}
    >
      {request && <Allocation request={request} onConfirm={onConfirm} onClose={onClose} />}
    </Modal>
  );
}

/** What a lot may give the order: what is available, plus what this order already holds of it once sent. */
export const lotOffer = (lot: Stock, held: number) => lotAvailable(lot) + held;
