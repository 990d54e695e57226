/**
 * The new-reception button's question when the session has a draft in progress (spec 3 §2): start a new
 * reception or continue the draft, whose product count is shown.
 */
import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface DraftChoiceModalProps {
  /** The draft's number of products; null closes the modal. */
  productCount: number | null;
  reference: string;
  onNew: () => void;
  onContinue: () => void;
  onClose: () => void;
}

export function DraftChoiceModal({ productCount, reference, onNew, onContinue, onClose }: DraftChoiceModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={productCount !== null} onClose={onClose} title={t('receptions.draft_modal.title')}>
      <Text size="sm" mb="md">
        {t('receptions.draft_modal.text', { count: productCount ?? 0, reference: reference || '—' })}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onNew}>
          {t('receptions.draft_modal.new')}
        </Button>
        <Button onClick={onContinue} data-autofocus>
          {t('receptions.draft_modal.continue')}
        </Button>
      </Group>
    </Modal>
  );
}
