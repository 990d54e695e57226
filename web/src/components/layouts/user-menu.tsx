/**
 * The header's secondary actions folded into one menu on narrow screens, where they would cover the menu button:
 * the user's name, the child accounts to switch to, the way back to the main account, the language and logout.
 * Mantine's Menu gives every item a label, arrow-key navigation and Escape.
 */
import type { User } from '@cellar/shared/users/schemas';
import { ActionIcon, darken, Menu, useMantineTheme } from '@mantine/core';
import { IconArrowBackUp, IconCheck, IconLogout, IconSwitchHorizontal, IconUserCircle } from '@tabler/icons-react';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { stopImpersonating } from '../../lib/auth';
import { currentLanguage, LANGUAGES, type Language, setLanguage } from '../../lib/i18n';
import { isImpersonating } from '../../lib/storage';
import { useAccountSwitch } from './account-switcher';

/** Each language named in itself, as language pickers do. */
const LANGUAGE_NAMES: Record<Language, string> = { fr: 'Français', en: 'English' };

interface UserMenuProps {
  user: User;
  onLanguage: (lng: Language) => void;
  onLogout: () => void;
}

export function UserMenu({ user, onLanguage, onLogout }: UserMenuProps) {
  const { t } = useTranslation();
  const { switching, switchTo } = useAccountSwitch();
  const accounts = user.children ?? [];
  const language = currentLanguage();
  // Red and orange items at AA contrast on white (Mantine's shade 6 reads at 3.3:1), as the theme's light variants.
  const { colors } = useMantineTheme();
  const readable = (shades: readonly string[]) => darken(shades[9] as string, 0.3);

  return (
    <Menu position="bottom-end" shadow="md" width={260}>
      <Menu.Target>
        <UserMenuButton loading={switching} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label data-testid="user-menu-name">{user.name}</Menu.Label>
        {accounts.length > 0 && (
          <>
            <Menu.Divider />
            <Menu.Label>{t('header.switch_account')}</Menu.Label>
            {accounts.map((child) => (
              <Menu.Item
                key={child.id}
                leftSection={<IconSwitchHorizontal size={16} />}
                onClick={() => switchTo(child.id)}
              >
                {child.company.name} — {child.email}
              </Menu.Item>
            ))}
          </>
        )}
        {isImpersonating() && (
          <Menu.Item
            color={readable(colors.orange)}
            leftSection={<IconArrowBackUp size={16} />}
            onClick={stopImpersonating}
          >
            {t('header.return_to_main_account')}
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Label>{t('header.language')}</Menu.Label>
        {LANGUAGES.map((lng) => (
          <Menu.Item
            key={lng}
            lang={lng}
            aria-current={lng === language ? 'true' : undefined}
            leftSection={lng === language ? <IconCheck size={16} /> : <span style={{ width: 16 }} />}
            onClick={() => {
              void setLanguage(lng);
              onLanguage(lng);
            }}
          >
            {LANGUAGE_NAMES[lng]}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item color={readable(colors.red)} leftSection={<IconLogout size={16} />} onClick={onLogout}>
          {t('header.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** The button that opens the user's menu (the menu's target: its props and ref pass through). */
export function UserMenuButton(props: ComponentProps<typeof ActionIcon<'button'>>) {
  const { t } = useTranslation();
  return (
    <ActionIcon variant="subtle" size="lg" aria-label={t('header.user_menu')} {...props}>
      <IconUserCircle size={22} />
    </ActionIcon>
  );
}
