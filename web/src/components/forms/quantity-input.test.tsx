import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { blur, show, type } from '../../testing/dom';
import { QuantityInput } from './quantity-input';

function Parcels({ seen }: { seen: (string | number)[] }) {
  const [value, setValue] = useState<string | number>('');
  return (
    <QuantityInput
      label="Colis"
      min={1}
      value={value}
      onChange={(v) => {
        seen.push(v);
        setValue(v);
      }}
    />
  );
}

describe('Component: QuantityInput', () => {
  it('keeps 0 parcels as typed when the field is left, instead of making it 1', async () => {
    // Prepare
    const seen: (string | number)[] = [];
    const el = await show(<Parcels seen={seen} />);
    const input = el.querySelector('input') as HTMLInputElement;
    // Act
    await type(input, '0');
    await blur(input);
    // Assess
    expect(input.value).toBe('0');
    expect(seen.at(-1)).toBe(0);
  });
});
