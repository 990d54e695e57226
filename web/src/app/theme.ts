import {
  type CSSVariablesResolver,
  createTheme,
  darken,
  defaultVariantColorsResolver,
  type MantineColorsTuple,
  mergeThemeOverrides,
  type VariantColorsResolver,
} from '@mantine/core';
import type { TFunction } from 'i18next';
import { WINE } from '../config/shell';

/** The brand's burgundy (config/shell.ts), as Mantine reads a colour. */
const wine: MantineColorsTuple = [...WINE];

/**
 * Texts on coloured chips and buttons read at WCAG AA (4.5:1): Mantine's filled colours (blue, green, red at shade
 * 6) are too light under white text, and its light variants too light on their tint, so both take a darkened last
 * shade. The brand colour is dark enough as it is.
 */
const readableColors: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  const name = input.color ?? input.theme.primaryColor;
  const shades = input.theme.colors[name];
  if (!shades || name === input.theme.primaryColor) return colors;
  if (input.variant === 'filled') {
    return {
      ...colors,
      background: darken(shades[9], 0.25),
      hover: darken(shades[9], 0.35),
      color: 'var(--mantine-color-white)',
    };
  }
  if (input.variant === 'light') return { ...colors, color: darken(shades[9], 0.3) };
  return colors;
};

/** The height of a list of choices before it scrolls (Mantine's own, 220 px). */
const LISTBOX = { maxHeight: 220, overflowY: 'auto' } as const;

export const theme = createTheme({
  primaryColor: 'wine',
  colors: { wine },
  defaultRadius: 'sm',
  // The ring on keyboard focus only (:focus-visible), on every Mantine control.
  focusRing: 'auto',
  // No sliding or fading for those who ask their system for less motion (modals, menus, drawers, notifications).
  respectReducedMotion: true,
  variantColorResolver: readableColors,
  components: {
    Modal: { defaultProps: { size: 750 } },
    // A loader is a status: its name (aria-label, "Loading") is read out, and allowed (a span without a role may not
    // carry one: axe's aria-prohibited-attr).
    Loader: { defaultProps: { role: 'status' } },
    // No focus placeholder before a menu's items (a menu holds menu items only, axe's aria-required-children): the
    // first item takes the focus instead.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // A long list of choices scrolls in its listbox itself, which the field controls and the arrows move through
    // (aria-activedescendant), rather than in a scroll area around it that a keyboard could not reach (axe's
    // scrollable-region-focusable).
    Select: { defaultProps: { withScrollArea: false }, styles: { options: LISTBOX } },
    MultiSelect: { defaultProps: { withScrollArea: false }, styles: { options: LISTBOX } },
    Autocomplete: { defaultProps: { withScrollArea: false }, styles: { options: LISTBOX } },
  },
});

/**
 * Secondary texts (c="dimmed", descriptions, divider labels) and placeholders at AA contrast (4.5:1): Mantine's
 * gray 6 and 5 read at 3.3:1 and 2.1:1. Placeholders stay lighter than values (4.7:1 on a white field).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)', '--mantine-color-placeholder': '#6c757d' },
  dark: {},
});

/**
 * The theme in the reader's language: the icon buttons Mantine draws itself (clear a field, close, a pagination's
 * arrows, a calendar's previous and next) are named. A calendar's month and year button keeps its visible text as
 * its name (WCAG 2.5.3, Label in Name).
 */
export function localizedTheme(t: TFunction) {
  const clear = { clearButtonProps: { 'aria-label': t('common.clear') } };
  const close = { closeButtonProps: { 'aria-label': t('common.close') } };
  const pagerNames = {
    first: t('grid.pager.first'),
    previous: t('grid.pager.previous'),
    next: t('grid.pager.next'),
    last: t('grid.pager.last'),
  };
  const pager = (control: keyof typeof pagerNames) => ({ 'aria-label': pagerNames[control] });
  const calendar = {
    // The days of the months around are not shown: Mantine dims them below AA contrast (2.4:1).
    hideOutsideDates: true,
    ariaLabels: {
      previousMonth: t('calendar.previous_month'),
      nextMonth: t('calendar.next_month'),
      previousYear: t('calendar.previous_year'),
      nextYear: t('calendar.next_year'),
      previousDecade: t('calendar.previous_decade'),
      nextDecade: t('calendar.next_decade'),
    },
  };
  return mergeThemeOverrides(
    theme,
    createTheme({
      components: {
        Select: { defaultProps: clear },
        MultiSelect: { defaultProps: clear },
        Autocomplete: { defaultProps: clear },
        TagsInput: { defaultProps: clear },
        FileInput: { defaultProps: clear },
        DateInput: { defaultProps: { ...clear, ...calendar } },
        DatePickerInput: { defaultProps: { ...clear, ...calendar } },
        TimePicker: { defaultProps: clear },
        Modal: { defaultProps: close },
        Drawer: { defaultProps: close },
        Notification: { defaultProps: close },
        Pagination: { defaultProps: { getControlProps: pager } },
      },
    }),
  );
}
