import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { currentLanguage, LANGUAGES, type Language, setLanguage } from '../../lib/i18n';

/**
 * French or English, remembered on this device; `onChange` lets a signed-in page also save it to the account
 * (the e-mails the product sends follow the account's locale).
 */
export function LanguageSwitch({ onChange }: { onChange?: (lng: Language) => void }) {
  const { t } = useTranslation();
  return (
    <SegmentedControl
      size="xs"
      aria-label={t('header.language')}
      value={currentLanguage()}
      onChange={(lng) => {
        void setLanguage(lng as Language);
        onChange?.(lng as Language);
      }}
      data={LANGUAGES.map((lng) => ({ value: lng, label: lng.toUpperCase() }))}
    />
  );
}
