import { ActionIcon, Group, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import { IconDownload, IconFileText } from '@tabler/icons-react';
import type { BillingDocument } from '@cryptads/contract/billing-profile';
import { errorReason } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { showError } from '../../../ui/status-store';
import { useDownloadDocument } from '../api/download-document';
import { useDocuments } from '../api/get-documents';

const size = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

function DocumentRow({ document }: { document: BillingDocument }) {
  const download = useDownloadDocument(document);
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm" data-testid="document-row">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        <IconFileText size={20} aria-hidden style={{ flexShrink: 0 }} />
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text size="sm" fw={600} truncate="end">
            {document.name}
          </Text>
          <Text size="xs" c="dimmed">
            {size(document.bytes)} · uploaded {formatDateTime(document.uploadedAt)}
          </Text>
        </Stack>
      </Group>
      <Tooltip label="Download">
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={`Download ${document.name}`}
          loading={download.isPending}
          onClick={() => download.mutate(undefined, { onError: (error) => showError(errorReason(error)) })}
          data-testid="document-download"
        >
          <IconDownload size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/** The documents sent so far, each downloadable by its owner. */
export function DocumentList() {
  const documents = useDocuments();
  if (documents.isPending) return <Skeleton h={48} />;
  if (documents.isError)
    return (
      <Text size="sm" c="red.9">
        {errorReason(documents.error)}
      </Text>
    );
  if (documents.data.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid="documents-empty">
        No documents uploaded yet. Start with the first item of the list above.
      </Text>
    );
  return (
    <Stack gap="sm" data-testid="document-list">
      {documents.data.map((d) => (
        <DocumentRow key={d.id} document={d} />
      ))}
    </Stack>
  );
}
