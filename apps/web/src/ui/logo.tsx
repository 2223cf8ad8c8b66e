import { Group, Text } from '@mantine/core';

/** The product mark and name; `light` on the navy sidebar and landing panel. */
export function Logo({ name, light = false }: { name: string; light?: boolean }) {
  return (
    <Group gap={8} wrap="nowrap">
      <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill={light ? '#1b2d57' : '#0b1b3f'} />
        <path d="M21.5 11.2A7 7 0 1 0 21.5 20.8" fill="none" stroke="#91a7ff" strokeWidth="3.2" strokeLinecap="round" />
        <circle cx="22.5" cy="16" r="2.2" fill="#ffd43b" />
      </svg>
      <Text fw={750} fz="lg" c={light ? 'white' : undefined} style={{ letterSpacing: '-0.01em' }}>
        {name}
      </Text>
    </Group>
  );
}
