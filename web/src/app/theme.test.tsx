import { Loader, MantineProvider } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { show } from '../testing/dom';
import { theme } from './theme';

describe('The theme', () => {
  it('makes a loader a status, so that its name is allowed and read out', async () => {
    const page = await show(
      <MantineProvider theme={theme}>
        <Loader aria-label="Chargement" />
      </MantineProvider>,
    );
    expect(page.querySelector('[aria-label="Chargement"]')?.getAttribute('role')).toBe('status');
  });
});
