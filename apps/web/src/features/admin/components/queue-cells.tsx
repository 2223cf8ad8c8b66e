import { Anchor, Badge, Button, Image, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconExternalLink, IconFile } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import type { QueueColumn } from '@cryptads/contract/admin-queues';
import { AD_FORMAT_LABELS, type AdFormat } from '@cryptads/contract/campaign-messages';
import { buildPath } from '@cryptads/contract/endpoint';
import { adminRoutes } from '@cryptads/contract/endpoints/admin.routes';
import type { QueueCampaign, QueueDocuments } from '@cryptads/contract/endpoints/admin-queues';
import { apiDownload, errorReason } from '../../../lib/api-client';
import { formatDateTime, formatMicros, formatNumber, formatShare } from '../../../lib/format';
import classes from './admin.module.css';

/** The cells of the back-office queues: one per column kind of the contract, and the few drawn by hand. */

export const formatLabel = (format: number) => AD_FORMAT_LABELS[format as AdFormat] ?? `Format ${format}`;

/** A link that leaves the back office: a new tab, without giving the page a handle on ours. */
export function ExternalLink({ href, children }: { href: string; children: string }) {
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" size="sm" style={{ wordBreak: 'break-all' }}>
      {children}
      <IconExternalLink size={12} aria-hidden style={{ marginInlineStart: 4 }} />
      <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
    </Anchor>
  );
}

function Verified({ verified }: { verified: boolean }) {
  return (
    <Badge color={verified ? 'green.9' : 'red.9'} variant="filled">
      {verified ? 'Verified' : 'Not verified'}
    </Badge>
  );
}

export function Who({ email, sub }: { email: string; sub?: string }) {
  return (
    <Stack gap={0}>
      <Text size="sm" style={{ wordBreak: 'break-all' }}>
        {email}
      </Text>
      {sub ? (
        <Text size="xs" c="dimmed">
          {sub}
        </Text>
      ) : null}
    </Stack>
  );
}

export function Creatives({ campaign }: { campaign: QueueCampaign }) {
  if (campaign.creatives.length === 0)
    return (
      <Text size="sm" c="dimmed">
        None
      </Text>
    );
  return (
    <Stack gap="xs" data-testid="campaign-creatives">
      {campaign.creatives.map((c) => (
        <Stack key={c.id} gap={2}>
          {c.imageUrl ? (
            <Image
              src={c.imageUrl}
              alt={`Creative ${c.id} of ${campaign.name} (${formatLabel(c.format)} ${c.size})`}
              className={classes.creative}
              w="auto"
              fit="contain"
            />
          ) : null}
          {c.title ? (
            <Text size="sm" fw={600}>
              {c.title}
            </Text>
          ) : null}
          {c.description ? (
            <Text size="xs" c="dimmed" maw={260}>
              {c.description}
            </Text>
          ) : null}
          <Text size="xs" c="dimmed">
            {formatLabel(c.format)}
            {c.size ? ` · ${c.size}` : ''}
          </Text>
        </Stack>
      ))}
    </Stack>
  );
}

/**
 * An identity document opens in a new tab: the file endpoint wants the bearer token, so the
 * bytes are fetched (as invoice PDFs are) and shown from a blob address. The tab is opened
 * at the click, before the download, so that no popup blocker stops it.
 */
export function DocumentButton({ doc }: { doc: QueueDocuments['documents'][number] }) {
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const open = async () => {
    setError(null);
    setLoading(true);
    const tab = window.open('', '_blank');
    try {
      const file = await apiDownload(buildPath(adminRoutes.documentFile.path, { id: doc.id }));
      const url = URL.createObjectURL(file.blob);
      if (tab) tab.location.href = url;
      else window.open(url, '_blank', 'noopener');
      // The tab has read the address by then; the blob is kept for a while for a reload.
      window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (e) {
      tab?.close();
      setError(errorReason(e));
    } finally {
      setLoading(false);
    }
  };
  return (
    <Stack gap={2}>
      <Button
        size="compact-sm"
        variant="subtle"
        leftSection={<IconFile size={14} aria-hidden />}
        onClick={() => void open()}
        loading={loading}
        data-testid="document-open"
      >
        {doc.name}
      </Button>
      {error ? (
        <Text size="xs" c="red.9" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}

/** A cell as its column's kind reads it (not `custom`: the queue's screen draws those). */
export function kindCell(column: QueueColumn, row: Record<string, unknown>): ReactNode {
  const value = row[column.field ?? column.key];
  if (value === null || value === undefined || value === '') return '—';
  switch (column.kind) {
    case 'money':
      return formatMicros(String(value));
    case 'date':
      return formatDateTime(String(value));
    case 'number':
      return formatNumber(Number(value));
    case 'percent':
      return formatShare(Number(value));
    case 'status':
      return <Badge variant="light">{String(value)}</Badge>;
    case 'person':
      return <Who email={String(value)} />;
    case 'link':
      return <ExternalLink href={String(value)}>{String(value)}</ExternalLink>;
    case 'verified':
      return <Verified verified={(value as { verified: boolean }).verified} />;
    case 'mono':
      return (
        <Text size="sm" ff="monospace" style={{ wordBreak: 'break-word' }}>
          {String(value)}
        </Text>
      );
    default:
      return String(value);
  }
}

/** A name in bold with a line of detail under it (ids, codes). */
export function Titled({ title, sub, children }: { title: ReactNode; sub: ReactNode; children?: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="sm" fw={600}>
        {title}
      </Text>
      <Text size="xs" c="dimmed">
        {sub}
      </Text>
      {children}
    </Stack>
  );
}
