import { Group, Pagination, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { EMPTY_TABLE_TEXT, pageCount } from '../../../lib/table';

export type PagedColumn<T> = {
  key: string;
  header: string;
  render: (row: T) => ReactNode;
  align?: 'left' | 'right' | 'center';
};

/**
 * A table whose rows the server pages (the back office's lists can be long): the shared
 * DataTable pages and searches in the browser, so it serves the short lists only.
 */
export function PagedTable<T>({
  label,
  columns,
  rows,
  rowKey,
  total,
  page,
  pageSize,
  onPage,
  emptyText,
  minWidth = 560,
  'data-testid': testId,
}: {
  label: string;
  columns: PagedColumn<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  /** Rows on every page together; no pager when undefined. */
  total?: number;
  page?: number;
  pageSize?: number;
  onPage?: (page: number) => void;
  emptyText?: ReactNode;
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth?: number;
  'data-testid'?: string;
}) {
  const pages = total !== undefined && pageSize ? pageCount(total, pageSize) : 1;
  return (
    <div data-testid={testId}>
      {/* A focusable, named viewport: a keyboard can scroll a wide table on a phone (axe scrollable-region-focusable). */}
      <Table.ScrollContainer
        minWidth={minWidth}
        scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': label } }}
      >
        <Table striped highlightOnHover verticalSpacing="xs" aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c.key} ta={c.align}>
                  {c.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={columns.length}>
                  <Text ta="center" c="dimmed" py="md">
                    {emptyText ?? EMPTY_TABLE_TEXT}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              rows.map((row) => (
                <Table.Tr key={rowKey(row)} data-testid={testId ? `${testId}-row` : undefined}>
                  {columns.map((c) => (
                    <Table.Td key={c.key} ta={c.align} className={c.align === 'right' ? 'tabular' : undefined}>
                      {c.render(row)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {total !== undefined ? (
        <Group justify="space-between" mt="sm" gap="sm">
          <Text size="sm" c="dimmed">
            {total} {total === 1 ? 'entry' : 'entries'}
          </Text>
          {pages > 1 && onPage ? (
            <Pagination
              total={pages}
              value={Math.min(page ?? 1, pages)}
              onChange={onPage}
              siblings={1}
              boundaries={1}
              size="sm"
              getControlProps={(control) => ({
                'aria-label':
                  control === 'previous'
                    ? 'Previous page'
                    : control === 'next'
                      ? 'Next page'
                      : control === 'first'
                        ? 'First page'
                        : 'Last page',
              })}
              getItemProps={(p) => ({ 'aria-label': `Page ${p}`, 'aria-current': p === page ? 'page' : undefined })}
            />
          ) : null}
        </Group>
      ) : null}
    </div>
  );
}
