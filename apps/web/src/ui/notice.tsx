import { Alert, type AlertProps } from '@mantine/core';

/**
 * A light Alert whose title and links keep WCAG AA contrast: Mantine's light variant draws
 * the title in the colour itself (orange-9 on orange-1 is 3.6:1), so the title and any link
 * inside use the text colour; the icon and the tint carry the colour.
 */
export function Notice({ styles, ...props }: Omit<AlertProps, 'variant'>) {
  return (
    <Alert
      variant="light"
      styles={{
        title: { color: 'var(--mantine-color-text)' },
        message: { color: 'var(--mantine-color-text)', '--mantine-color-anchor': 'var(--mantine-color-text)' } as never,
        ...(typeof styles === 'object' ? styles : {}),
      }}
      {...props}
    />
  );
}
