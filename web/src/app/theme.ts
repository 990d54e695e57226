import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** A burgundy brand colour for a wine and spirits provider. */
const wine: MantineColorsTuple = [
  '#fbeef1',
  '#f0dbe0',
  '#e2b3be',
  '#d4899a',
  '#c8667c',
  '#c04f68',
  '#bd435e',
  '#a7354e',
  '#952d45',
  '#83223a',
];

export const theme = createTheme({
  primaryColor: 'wine',
  colors: { wine },
  defaultRadius: 'sm',
  components: {
    Modal: { defaultProps: { size: 750 } },
  },
});
