import { Box, Button, CopyButton, Group, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { COPY_FEEDBACK_MS } from '@cryptads/contract/ui';
import classes from './copy-block.module.css';

/**
 * A piece of text to paste somewhere else (an ad code, a meta tag, a file's content) with a
 * Copy button that reads 'Copied!' for one second (docs/product/limits.md#websites).
 */
export function CopyBlock({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Box>
      <Group justify="space-between" align="center" mb={6} gap="xs" wrap="nowrap">
        <Text size="sm" fw={600} component="span">
          {label}
        </Text>
        <CopyButton value={value} timeout={COPY_FEEDBACK_MS}>
          {({ copied, copy }) => (
            <Button
              size="xs"
              variant={copied ? 'filled' : 'default'}
              color={copied ? 'teal.9' : undefined}
              leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
              onClick={copy}
              aria-label={copied ? 'Copied!' : `Copy ${label.toLowerCase()}`}
              data-testid={testId ? `${testId}-copy` : undefined}
            >
              {copied ? 'Copied!' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Group>
      {/* Wrapped, never scrolled: every character stays visible at 390 px wide. */}
      <pre className={classes.code} data-testid={testId}>
        {value}
      </pre>
    </Box>
  );
}
