/**
 * A multiple select that shows its first `maxPills` values as pills, then '(+N autres)', so that a long choice
 * (warehouses) keeps the field one line high (spec 1 §2: 2 chips in forms).
 */
import { MultiSelect, type MultiSelectProps, Pill, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface CompactMultiSelectProps extends MultiSelectProps {
  maxPills?: number;
  /** Short pill texts by value (a warehouse's code), the options keeping their long labels. */
  pillLabels?: Record<string, string>;
}

export function CompactMultiSelect({ maxPills = 2, pillLabels = {}, ...props }: CompactMultiSelectProps) {
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
              {/* The options may arrive after the values (still loading). */}
              {pillLabels[String(value)] ?? option?.label ?? String(value)}
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
