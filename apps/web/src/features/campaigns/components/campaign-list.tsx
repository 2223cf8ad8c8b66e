import { Anchor, Button, Card, Group, ScrollArea, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconArchive, IconPlus, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@cryptads/contract/paths';
import { CAMPAIGN_KIND_LABELS, CampaignStatus, campaignStatusLabel } from '@cryptads/contract/campaign-messages';
import type { CampaignListRow } from '@cryptads/contract/campaigns';
import { formatDate } from '../../../lib/format';
import type { CampaignTab } from '../lib/tabs';
import classes from './campaigns.module.css';
import { CampaignPaceLine } from './pace-line';
import { StatusBadge } from './status-badge';

/** Search by name, id or status text (docs/product/campaigns.md#campaign-list). */
export function filterCampaigns(rows: CampaignListRow[], query: string) {
  const q = query.trim().toLowerCase();
  if (!q) return rows;
  return rows.filter(
    (r) =>
      r.name.toLowerCase().includes(q) ||
      String(r.id) === q.replace(/^#/, '') ||
      campaignStatusLabel(r.status).toLowerCase().includes(q),
  );
}

/** The campaign list beside the tabs: name, type, date, live status and lock. */
export function CampaignList({
  rows,
  activeId,
  tab,
}: {
  rows: CampaignListRow[];
  activeId: number | null;
  tab: CampaignTab;
}) {
  const [query, setQuery] = useState('');
  const shown = useMemo(() => filterCampaigns(rows, query), [rows, query]);
  return (
    <Card withBorder radius="lg" padding="md" data-testid="campaign-list">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Text fw={650}>My Campaigns</Text>
          <Button component={Link} to={paths.campaigns.create} size="xs" leftSection={<IconPlus size={14} />}>
            Create a Campaign
          </Button>
        </Group>
        <TextInput
          aria-label="Search campaigns"
          placeholder="Search by name, ID or status"
          leftSection={<IconSearch size={16} />}
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
          data-testid="campaign-search"
        />
        {/* Vertical only, its content as wide as the card: long names truncate and the status
            badge stays whole (Autosize's content is otherwise as wide as the longest name). */}
        <ScrollArea.Autosize mah={560} type="auto" scrollbars="y" styles={{ content: { minWidth: 0, width: '100%' } }}>
          <Stack gap={4} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {shown.map((r) => (
              <li key={r.id}>
                <UnstyledButton
                  component={Link}
                  to={paths.campaign.tab(tab, r.id)}
                  className={classes.listItem}
                  data-active={r.id === activeId || undefined}
                  aria-current={r.id === activeId ? 'page' : undefined}
                  data-testid={`campaign-item-${r.id}`}
                >
                  <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                    <Stack gap={0} miw={0}>
                      <Text fw={600} size="sm" truncate>
                        {r.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {CAMPAIGN_KIND_LABELS[r.kind]} · #{r.id} · {formatDate(r.date)}
                      </Text>
                      {r.status === CampaignStatus.Delivering ? <CampaignPaceLine id={r.id} /> : null}
                    </Stack>
                    <StatusBadge status={r.status} isLocked={r.isLocked} />
                  </Group>
                </UnstyledButton>
              </li>
            ))}
          </Stack>
          {shown.length === 0 ? (
            <Text size="sm" c="dimmed" ta="center" py="md">
              No campaign matches your search.
            </Text>
          ) : null}
        </ScrollArea.Autosize>
        <Anchor component={Link} to={paths.campaigns.archive} size="sm">
          <Group gap={4} component="span">
            <IconArchive size={14} aria-hidden /> Archived Campaigns
          </Group>
        </Anchor>
      </Stack>
    </Card>
  );
}
