/**
 * The destination warehouse modal (spec 2 "Modals of the order flow"): the order's stocks are spread over several
 * warehouses, and transfers between them may be invoiced; the user picks the warehouse the order leaves from, and
 * the order is validated.
 */
import type { Warehouse } from '@cellar/shared/warehouses/schemas';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface DestinationWarehouseModalProps {
  /** The warehouses the lines come from; null closes the modal. */
  warehouses: readonly Warehouse[] | null;
  onConfirm: (warehouseId: string) => void;
  onClose: () => void;
}

function Choice({
  warehouses,
  onConfirm,
  onClose,
}: DestinationWarehouseModalProps & { warehouses: readonly Warehouse[] }) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  return (
    <Stack gap="sm">
      <Text size="sm">{t('orders.destination.text')}</Text>
      <Select
        label={t('orders.destination.warehouse')}
        withAsterisk
        data={warehouses.map((w) => ({ value: w.id, label: `${w.code} - ${w.name}` }))}
        value={chosen}
        onChange={setChosen}
        error={tried && !chosen ? t('validation.required') : undefined}
        data-autofocus
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button
          onClick={() => {
            setTried(true);
            if (chosen) onConfirm(chosen);
          }}
        >
          {t('orders.wizard.validate')}
        </Button>
      </Group>
    </Stack>
  );
}

export function DestinationWarehouseModal(props: DestinationWarehouseModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={props.warehouses !== null} onClose={props.onClose} title={t('orders.destination.title')}>
      {props.warehouses && <Choice {...props} warehouses={props.warehouses} />}
    </Modal>
  );
}
