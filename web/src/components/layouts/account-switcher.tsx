/**
 * The header's account controls: 'Changer de compte' lists the child accounts (company name and e-mail) the user
 * may act as; while impersonating, 'return to main account' drops the impersonation token.
 */
import type { User } from '@cellar/shared/users/schemas';
import { Button, Menu, Text } from '@mantine/core';
import { IconArrowBackUp, IconSwitchHorizontal } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { impersonate, stopImpersonating } from '../../lib/auth';

/** Acting as a child account: the page reloads once its token is stored, so only a failure ends `switching`. */
export function useAccountSwitch() {
  const [switching, setSwitching] = useState(false);
  const switchTo = (id: string) => {
    setSwitching(true);
    impersonate(id).catch(() => setSwitching(false));
  };
  return { switching, switchTo };
}

export function AccountSwitcher({ accounts }: { accounts: NonNullable<User['children']> }) {
  const { t } = useTranslation();
  const { switching, switchTo } = useAccountSwitch();
  if (!accounts.length) return null;

  return (
    <Menu position="bottom-end" shadow="md">
      <Menu.Target>
        <Button variant="subtle" size="compact-sm" loading={switching} leftSection={<IconSwitchHorizontal size={16} />}>
          {t('header.switch_account')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {accounts.map((child) => (
          <Menu.Item key={child.id} onClick={() => switchTo(child.id)}>
            {child.company.name} — {child.email}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

export function ReturnToMainAccount() {
  const { t } = useTranslation();
  return (
    <Button
      variant="light"
      color="orange"
      size="compact-sm"
      leftSection={<IconArrowBackUp size={16} />}
      onClick={stopImpersonating}
      aria-label={t('header.return_to_main_account')}
    >
      <Text span inherit visibleFrom="md">
        {t('header.return_to_main_account')}
      </Text>
    </Button>
  );
}
