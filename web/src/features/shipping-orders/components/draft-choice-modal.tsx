/** The create button's question when the session keeps a shipping order in progress (spec 2 §2): new or continue. */
import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface DraftChoiceModalProps {
  /** The kept shipping order's reference; null closes the modal. */
  reference: string | null;
  onNew: () => void;
  onContinue: () => void;
  onClose: () => void;
}

export function DraftChoiceModal({ reference, onNew, onContinue, onClose }: DraftChoiceModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={reference !== null} onClose={onClose} title={t('shipping_orders.draft_modal.title')}>
      <Text size="sm" mb="md">
        {t('shipping_orders.draft_modal.text', { reference: reference || '—' })}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onNew}>
          {t('shipping_orders.draft_modal.new')}
        </Button>
        <Button onClick={onContinue} data-autofocus>
          {t('shipping_orders.draft_modal.continue')}
        </Button>
      </Group>
    </Modal>
  );
}
