import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { useHydrated } from '../lib/hydration';

/**
 * Light/dark switch; the choice is remembered in localStorage by Mantine's manager. Until the
 * page is hydrated it says what the server's HTML says (light): the stored choice is the
 * browser's alone.
 */
export function useColorSchemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const stored = useComputedColorScheme('light');
  const computed = useHydrated() ? stored : 'light';
  const next = computed === 'dark' ? 'light' : 'dark';
  return { next, toggle: () => setColorScheme(next), label: next === 'dark' ? 'Dark mode' : 'Light mode' };
}

export function ColorSchemeToggle() {
  const { next, toggle } = useColorSchemeToggle();
  return (
    <ActionIcon
      variant="default"
      size="lg"
      onClick={toggle}
      aria-label={next === 'dark' ? 'Switch to dark mode' : 'Switch to light mode'}
      data-testid="color-scheme-toggle"
    >
      {next === 'dark' ? <IconMoon size={18} /> : <IconSun size={18} />}
    </ActionIcon>
  );
}
