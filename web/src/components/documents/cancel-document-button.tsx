/**
 * A document page's cancel button (a reception announced, a shipping order booked): a confirmation that says what
 * follows, then the cancellation, its notice, and `onDone` (back to the list). A refusal is said by the API
 * client's own notice and leaves the page as it was.
 */
import { Button, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconBan } from '@tabler/icons-react';
import { notify } from '../../lib/notifications';

interface CancelDocumentButtonProps {
  texts: { title: string; confirm: string; keep: string; done: string };
  pending: boolean;
  cancel: () => Promise<unknown>;
  onDone: () => void;
}

export function CancelDocumentButton({ texts, pending, cancel, onDone }: CancelDocumentButtonProps) {
  const confirm = () =>
    modals.openConfirmModal({
      title: texts.title,
      children: <Text size="sm">{texts.confirm}</Text>,
      labels: { confirm: texts.title, cancel: texts.keep },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        cancel()
          .then(() => {
            notify('success', texts.done);
            onDone();
          })
          .catch(() => undefined),
    });
  return (
    <Button color="red" variant="light" leftSection={<IconBan size={16} />} loading={pending} onClick={confirm}>
      {texts.title}
    </Button>
  );
}
