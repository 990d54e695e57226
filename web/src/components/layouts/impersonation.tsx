/**
 * Acting as another user: asked for first (what follows is done for that account), and said on every page while it
 * lasts, above the content, beside the header's 'return to main account' button.
 */
import type { User } from '@cellar/shared/users/schemas';
import { Alert, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconUserShare } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/** Opens the confirmation; `act` runs only once the person confirms. */
export function confirmImpersonation(t: TFunction, who: string, act: () => void) {
  modals.openConfirmModal({
    title: t('header.impersonation_title'),
    children: <Text size="sm">{t('header.impersonation_confirm', { who })}</Text>,
    labels: { confirm: t('header.impersonation_go'), cancel: t('common.cancel') },
    confirmProps: { color: 'orange' },
    onConfirm: act,
  });
}

export function ImpersonationBanner({ user }: { user: User }) {
  const { t } = useTranslation();
  return (
    <Alert color="orange" variant="light" icon={<IconUserShare size={18} />} mb="md" role="status" data-impersonating>
      {t('header.impersonation_banner', { name: user.name, email: user.email })}
    </Alert>
  );
}
