import { ActionIcon, Button, Divider, Group, Stack, Text, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconCode, IconHourglassHigh, IconInfoCircle, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import {
  AD_FORMAT_LABELS,
  type AdFormat,
  WEBSITE_MESSAGES,
  type WebsiteDetail,
  WebsiteStatus,
  type Zone,
  zoneCodeAction,
  zoneStatusBadge,
} from '@cryptads/contract/websites';
import { type Column, DataTable } from '../../../ui/data-table';
import { StatusBadge } from './status-badge';
import { VerificationPanel } from './verification-panel';
import { ZoneAliasModal, ZoneCodeModal } from './zone-modals';
import { Notice } from '../../../ui/notice';

/**
 * The Ad Codes tab (docs/product/websites.md#ad-codes Websites area): the zones of the website with a Get Code
 * modal (approved website and Active zone only, the contract's rule) and an alias modal.
 * A pending website shows its verification state first.
 */
export function AdCodesTab({ website }: { website: WebsiteDetail }) {
  const [codeZone, setCodeZone] = useState<Zone | null>(null);
  const [aliasZone, setAliasZone] = useState<Zone | null>(null);

  const columns: Column<Zone>[] = [
    {
      key: 'alias',
      role: 'primary',
      header: 'Alias',
      value: (z) => z.alias,
      render: (z) => (
        <Text fw={600} size="sm">
          {z.alias}
        </Text>
      ),
    },
    { key: 'type', header: 'Type', value: (z) => AD_FORMAT_LABELS[z.type as AdFormat] ?? 'Zone' },
    { key: 'size', header: 'Size', value: (z) => z.size ?? '—' },
    {
      key: 'status',
      role: 'status',
      header: 'Status',
      value: (z) => zoneStatusBadge(z.status).label,
      render: (z) => <StatusBadge badge={zoneStatusBadge(z.status)} testId="zone-status" />,
    },
    {
      key: 'code',
      role: 'actions',
      header: 'Code',
      sortable: false,
      value: () => '',
      render: (z) => {
        const action = zoneCodeAction(website.status, z.status);
        if (action === 'get-code')
          return (
            <Button
              size="xs"
              leftSection={<IconCode size={14} aria-hidden />}
              onClick={() => setCodeZone(z)}
              aria-label={`Get code of ${z.alias}`}
              data-testid="get-code"
            >
              Get Code
            </Button>
          );
        if (action === 'zone-inactive')
          return (
            <Text size="xs" c="dimmed" data-testid="zone-inactive">
              Available once the zone is enabled
            </Text>
          );
        return (
          <Text c="dimmed" data-testid="no-code">
            <span aria-hidden="true">—</span>
            <VisuallyHidden>No code available</VisuallyHidden>
          </Text>
        );
      },
    },
    {
      key: 'edit',
      role: 'actions',
      header: 'Edit',
      sortable: false,
      value: () => '',
      render: (z) => (
        <Tooltip label="Edit alias">
          <ActionIcon
            variant="default"
            onClick={() => setAliasZone(z)}
            aria-label={`Edit alias of ${z.alias}`}
            data-testid="edit-alias"
          >
            <IconPencil size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      ),
    },
  ];

  const pending = website.status === WebsiteStatus.Pending;

  return (
    <Stack gap="lg" data-testid="ad-codes-tab">
      {pending && !website.verified ? (
        <Stack gap="sm" data-testid="pending-verification">
          <Title order={2} size="h4">
            Owner verification
          </Title>
          <Notice color="yellow" icon={<IconInfoCircle size={18} />} title="Verify that you own this website">
            Ad codes become available once the ownership is verified and an account manager has approved the website.
          </Notice>
          <VerificationPanel websiteId={website.id} />
          <Divider />
        </Stack>
      ) : null}
      {pending && website.verified ? (
        <Notice
          color="teal"
          icon={<IconHourglassHigh size={18} />}
          title="Waiting for approval"
          data-testid="awaiting-approval"
        >
          {WEBSITE_MESSAGES.awaitingApproval}
        </Notice>
      ) : null}
      {website.status === WebsiteStatus.Archived ? (
        <Notice color="blue" icon={<IconInfoCircle size={18} />} title="Contact us">
          {WEBSITE_MESSAGES.websiteArchived}
        </Notice>
      ) : null}
      <div>
        <Group justify="space-between" mb="xs">
          <Title order={2} size="h4">
            Ad zones
          </Title>
        </Group>
        <DataTable
          label="Ad zones"
          columns={columns}
          rows={website.zones}
          rowKey={(z) => z.unique}
          emptyText="This website has no ad zones yet."
          data-testid="zones-table"
        />
      </div>
      <ZoneCodeModal zone={codeZone} onClose={() => setCodeZone(null)} />
      <ZoneAliasModal websiteId={website.id} zone={aliasZone} onClose={() => setAliasZone(null)} />
    </Stack>
  );
}
