import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';

/**
 * One theme (docs/architecture.md#look-and-feel): a deep navy sidebar, one saturated accent for primary actions,
 * neutral greys, Inter or the system stack, tabular figures for money. Shades were picked
 * for WCAG AA: white on brand-7 is 4.98:1, white on brand-8 5.67:1.
 */
const brand: MantineColorsTuple = [
  '#edf2ff',
  '#dbe4ff',
  '#bac8ff',
  '#91a7ff',
  '#748ffc',
  '#5c7cfa',
  '#4c6ef5',
  '#4263eb',
  '#3b5bdb',
  '#364fc7',
];

/** The sidebar and the landing panel. */
const navy: MantineColorsTuple = [
  '#e8ecf5',
  '#c9d3ea',
  '#a3b3d9',
  '#7b90c4',
  '#5670ad',
  '#3c5590',
  '#2a4072',
  '#1b2d57',
  '#0b1b3f',
  '#07122b',
];

export const SIDEBAR_BG = navy[8];

export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: { light: 7, dark: 8 },
  colors: { brand, navy },
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  fontFamilyMonospace: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
  headings: { fontWeight: '650' },
  defaultRadius: 'md',
  focusRing: 'auto',
  cursorType: 'pointer',
  respectReducedMotion: true,
  components: {
    Button: { defaultProps: { fw: 600 } },
    // Links inside text must not rely on colour alone (WCAG 1.4.1).
    Anchor: { defaultProps: { underline: 'always' } },
    // Mantine's close buttons carry only an icon.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
  },
});

/** Mantine's default dimmed, error and placeholder greys fall under 4.5:1; these do not. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-placeholder': '#6b7280',
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-error': 'var(--mantine-color-red-5)',
    '--mantine-color-placeholder': '#9a9a9a',
    '--mantine-color-anchor': 'var(--mantine-color-brand-3)',
  },
});
