/**
 * The time picker of spec 2 §5, §9: 24-hour in French, am/pm otherwise; in the create flow it offers 08:00–16:00
 * on the half hour as a list, free in the status modal. A time typed outside the bounds stays as typed, for the
 * shared time-slot rule to refuse with its message: the picker's own min and max would move 07:15 to 08:00.
 */
import { TIMESLOT_BOUNDS } from '@cellar/shared/shippingOrders/schemas';
import { getTimeRange, TimePicker } from '@mantine/dates';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface TimeFieldProps {
  label: string;
  /** HH:mm, or '' when empty. */
  value: string;
  onChange: (value: string) => void;
  /** The create flow's bounds and half-hour steps. */
  bounded?: boolean;
  error?: ReactNode;
  withAsterisk?: boolean;
}

const PRESETS = getTimeRange({
  startTime: `${TIMESLOT_BOUNDS.min}:00`,
  endTime: `${TIMESLOT_BOUNDS.max}:00`,
  interval: `00:${TIMESLOT_BOUNDS.stepMinutes}:00`,
});

export function TimeField({ label, value, onChange, bounded = false, error, withAsterisk }: TimeFieldProps) {
  const { t, i18n } = useTranslation();
  return (
    <TimePicker
      label={label}
      value={value}
      // The picker answers hh:mm:ss; the API speaks HH:mm.
      onChange={(v) => onChange(v ? v.slice(0, 5) : '')}
      format={i18n.language.startsWith('fr') ? '24h' : '12h'}
      hoursInputLabel={`${label} – ${t('shipping_orders.time.hours')}`}
      minutesInputLabel={`${label} – ${t('shipping_orders.time.minutes')}`}
      amPmInputLabel={`${label} – ${t('shipping_orders.time.am_pm')}`}
      clearable
      error={error}
      withAsterisk={withAsterisk}
      {...(bounded
        ? {
            minutesStep: TIMESLOT_BOUNDS.stepMinutes,
            withDropdown: true,
            presets: PRESETS,
          }
        : {})}
    />
  );
}
