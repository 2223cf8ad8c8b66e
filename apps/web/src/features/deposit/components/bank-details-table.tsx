import { COPY_FEEDBACK_MS } from '@cryptads/contract/ui';
import { ActionIcon, CopyButton, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

/** docs/product/limits.md#billing: copy feedback lasts one second. */

/** An IBAN as people read it: groups of four ('DE89 3704 0044 0532 0130 00'). */
export const groupIban = (iban: string) => iban.replace(/(.{4})(?=.)/g, '$1 ');

function CopyValue({ value, label }: { value: string; label: string }) {
  return (
    <CopyButton value={value} timeout={COPY_FEEDBACK_MS}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? 'Copied' : `Copy ${label}`} withArrow position="left">
          <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} onClick={copy} aria-label={`Copy ${label}`}>
            {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}

/** One row: what it is, what is shown, what the copy button copies (the IBAN without spaces, the amount without €). */
export type BankDetailRow = {
  key: string;
  label: string;
  shown: string;
  copied: string;
  strong?: boolean;
  hint?: string;
};

/** Label, value and a copy button per row; the values wrap on a phone rather than overflow. */
export function BankDetailsTable({ rows }: { rows: BankDetailRow[] }) {
  return (
    <Table withTableBorder verticalSpacing="xs" data-testid="bank-details">
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.key}>
            <Table.Th scope="row" w={120}>
              {row.label}
            </Table.Th>
            <Table.Td>
              <Group gap="xs" wrap="nowrap" justify="space-between">
                <div>
                  <Text
                    size="sm"
                    fw={row.strong ? 700 : 400}
                    style={{ wordBreak: 'break-word' }}
                    data-testid={`bank-${row.key}`}
                  >
                    {row.shown}
                  </Text>
                  {row.hint ? (
                    <Text size="xs" c="dimmed" data-testid={`bank-${row.key}-hint`}>
                      {row.hint}
                    </Text>
                  ) : null}
                </div>
                <CopyValue value={row.copied} label={row.label} />
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
