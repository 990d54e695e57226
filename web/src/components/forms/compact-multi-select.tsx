/**
 * A multiple select that shows its first `maxPills` values as pills, then '(+N autres)', so that a long choice
 * (warehouses) keeps the field one line high (spec 1 §2: 2 chips in forms).
 */
import { MultiSelect, type MultiSelectProps, Pill, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function CompactMultiSelect({ maxPills = 2, ...props }: MultiSelectProps & { maxPills?: number }) {
  const { t } = useTranslation();
  const values = props.value ?? [];
  return (
    <MultiSelect
      {...props}
      renderPill={({ option, value, onRemove, disabled }) => {
        const index = values.indexOf(String(value));
        if (index < maxPills) {
          return (
            <Pill withRemoveButton={!disabled && !props.readOnly} onRemove={onRemove}>
              {option.label}
            </Pill>
          );
        }
        return index === maxPills ? (
          <Text span size="xs" c="dimmed" style={{ alignSelf: 'center' }}>
            {t('common.n_more_form', { count: values.length - maxPills })}
          </Text>
        ) : null;
      }}
    />
  );
}
