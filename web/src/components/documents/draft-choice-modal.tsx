/**
 * The new-document button's question when a draft is in progress (spec 2 §2, spec 3 §2): start a new one or
 * continue the draft, whose product count is shown. The texts are the document's own.
 */
import { Button, Group, Modal, Text } from '@mantine/core';

/** A draft's product count: its lines' distinct products (a product in two lots counts once). */
export const productCount = (lines: readonly { product: { id: string } }[]) =>
  new Set(lines.map((l) => l.product.id)).size;

export interface DraftChoiceTexts {
  title: string;
  text: string;
  new: string;
  continue: string;
}

interface DraftChoiceModalProps {
  opened: boolean;
  texts: DraftChoiceTexts;
  onNew: () => void;
  onContinue: () => void;
  onClose: () => void;
}

export function DraftChoiceModal({ opened, texts, onNew, onContinue, onClose }: DraftChoiceModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={texts.title}>
      <Text size="sm" mb="md">
        {texts.text}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onNew}>
          {texts.new}
        </Button>
        <Button onClick={onContinue} data-autofocus>
          {texts.continue}
        </Button>
      </Group>
    </Modal>
  );
}
