import { act, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { show, type } from '../../../testing/dom';
import { TimeField } from './time-field';

function Slot({ seen }: { seen: string[] }) {
  const [value, setValue] = useState('');
  return (
    <TimeField
      label="Début"
      bounded
      value={value}
      onChange={(v) => {
        seen.push(v);
        setValue(v);
      }}
    />
  );
}

const showSlot = (seen: string[]) => show(<Slot seen={seen} />);

describe('Component: TimeField', () => {
  it('keeps a start typed before 08:00 as typed when the field is left, for the slot rule to refuse', async () => {
    // Prepare
    const seen: string[] = [];
    const el = await showSlot(seen);
    const hours = el.querySelector('input[aria-label="Début – heures"]') as HTMLInputElement;
    const minutes = el.querySelector('input[aria-label="Début – minutes"]') as HTMLInputElement;
    // Act
    await type(hours, '07');
    await type(minutes, '15');
    await act(async () => {
      minutes.dispatchEvent(new FocusEvent('focusout', { bubbles: true, relatedTarget: document.body }));
      minutes.blur();
    });
    // Assess
    expect(seen.at(-1)).toBe('07:15');
    expect(hours.value).toBe('07');
    expect(minutes.value).toBe('15');
  });
});
