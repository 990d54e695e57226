import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { blur, show, type } from '../../testing/dom';
import { DayFromTodayInput } from './day-from-today-input';

function Day({ seen }: { seen: (string | null)[] }) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <DayFromTodayInput
      label="Date"
      value={value}
      onChange={(v) => {
        seen.push(v);
        setValue(v);
      }}
    />
  );
}

describe('Component: DayFromTodayInput', () => {
  it('keeps a past day as typed when the field is left, for the form’s rule to refuse, instead of emptying it', async () => {
    // Prepare
    const seen: (string | null)[] = [];
    const el = await show(<Day seen={seen} />);
    const input = el.querySelector('input') as HTMLInputElement;
    // Act
    await type(input, '02/01/2020');
    await blur(input);
    // Assess
    expect(input.value).toBe('02/01/2020');
    expect(seen.at(-1)).toBe('2020-01-02');
  });
});
