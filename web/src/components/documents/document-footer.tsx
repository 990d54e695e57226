/**
 * The last step's buttons of an order or a reception: back to the previous step, save as draft (when the document
 * may still be one) and send; while one of them is at work it spins and the others wait.
 */
import { Button, Group } from '@mantine/core';
import { IconArrowLeft, IconDeviceFloppy, IconSend } from '@tabler/icons-react';

export type Sending = 'draft' | 'send' | null;

interface DocumentFooterProps {
  sending: Sending;
  onPrevious: () => void;
  onDraft?: () => void;
  onSend?: () => void;
  labels: { previous: string; draft: string; send: string };
}

export function DocumentFooter({ sending, onPrevious, onDraft, onSend, labels }: DocumentFooterProps) {
  return (
    <Group justify="space-between" mt="md">
      <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={onPrevious}>
        {labels.previous}
      </Button>
      <Group gap="xs">
        {onDraft && (
          <Button
            variant="light"
            leftSection={<IconDeviceFloppy size={16} />}
            loading={sending === 'draft'}
            disabled={sending !== null}
            onClick={onDraft}
          >
            {labels.draft}
          </Button>
        )}
        {onSend && (
          <Button
            leftSection={<IconSend size={16} />}
            loading={sending === 'send'}
            disabled={sending !== null}
            onClick={onSend}
          >
            {labels.send}
          </Button>
        )}
      </Group>
    </Group>
  );
}
