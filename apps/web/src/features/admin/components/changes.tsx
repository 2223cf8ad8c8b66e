import { Stack, Text } from '@mantine/core';

/** One value of an audit entry's changes as a person reads it (no JSON braces for the simple cases). */
export function describeValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  // A published text (terms, an announcement) can be long: its start is enough here.
  if (typeof value === 'string') return value.length > 300 ? `${value.slice(0, 300)}…` : value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (Array.isArray(value)) return value.map(describeValue).join(' ');
  if (typeof value === 'object')
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${humanKey(k)}: ${describeValue(v)}`)
      .join('; ');
  return JSON.stringify(value);
}

/** 'amountMicros' → 'amount micros', 'end_sessions' → 'end sessions'. */
export const humanKey = (key: string) =>
  key
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();

/** The changes of an audit entry, one line per field. */
export function Changes({ changes }: { changes: Record<string, unknown> }) {
  const entries = Object.entries(changes);
  if (entries.length === 0)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  return (
    // A table column keeps 240 px for it; on a phone card it takes the width it is given.
    <Stack gap={2} miw={{ base: 0, sm: 240 }} maw={420}>
      {entries.map(([key, value]) => (
        <Text key={key} size="sm" style={{ wordBreak: 'break-word' }}>
          <Text span fw={600} size="sm">
            {humanKey(key)}:
          </Text>{' '}
          {describeValue(value)}
        </Text>
      ))}
    </Stack>
  );
}
