/**
 * A whole quantity typed by the user, kept as typed: never cut while typing (Mantine's strict clamp turns 70 into
 * 7 when 60 is the most), never clamped on blur (0 does not become 1). A value outside its bounds stays in the
 * field and the field says why it is refused; the form refuses it with the same shared rule.
 */
import { wholeNumberIssue } from '@cellar/shared/validation/validators';
import { NumberInput, type NumberInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface QuantityInputProps extends Omit<NumberInputProps, 'min' | 'max' | 'clampBehavior'> {
  min: number;
  max?: number;
  /** Say why the value is refused even before the form is sent (a value above its maximum always says so). */
  showIssue?: boolean;
}

/** The message refusing a typed quantity, or undefined when it is taken as typed. */
export function useQuantityIssue() {
  const { t } = useTranslation();
  return (value: string | number | null | undefined, bounds: { min: number; max?: number }) => {
    const issue = wholeNumberIssue(value, bounds);
    return issue ? t(issue.key, issue.values) : undefined;
  };
}

export function QuantityInput({ min, max, showIssue = false, value, error, ...props }: QuantityInputProps) {
  const issueOf = useQuantityIssue();
  const above = max !== undefined && value !== '' && Number(value) > max;
  const issue = showIssue || above ? issueOf(value, { min, max }) : undefined;
  return (
    <NumberInput
      min={min}
      max={max}
      clampBehavior="none"
      allowDecimal={false}
      allowNegative={false}
      value={value}
      error={error ?? issue}
      {...props}
    />
  );
}
