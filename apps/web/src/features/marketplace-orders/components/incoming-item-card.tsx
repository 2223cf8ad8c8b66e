import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCheck, IconSend, IconX } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import type { IncomingItem } from '@cryptads/contract/marketplace';
import { formatEuros } from '@cryptads/contract/money';
import { errorReason } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { showError } from '../../../ui/status-store';
import { useAcceptItem } from '../api/accept-item';
import { DeliverModal } from './deliver-modal';
import { DenyModal } from './deny-modal';
import { ItemProgress } from './item-progress';
import { ListingThumb } from './listing-thumb';
import { ItemStateBadge } from './state-badge';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

/**
 * One paid item of the publisher's listings: who bought it and how to reach them, the page to
 * link to, the payout, the timer that runs, and the actions of its state (Accept, Deny,
 * Deliver).
 */
export function IncomingItemCard({ item }: { item: IncomingItem }) {
  const accept = useAcceptItem();
  const [modal, setModal] = useState<'deny' | 'deliver' | null>(null);
  const open = item.state === 'pending' || item.state === 'accepted';

  return (
    <Card component="li" withBorder radius="md" padding="md" data-testid="incoming-item" data-item={item.id}>
      <Stack gap="sm">
        <Group align="flex-start" wrap="nowrap" gap="sm">
          <ListingThumb src={item.listing.image} size={48} />
          <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
              <Text fw={600}>{item.listing.title}</Text>
              <ItemStateBadge state={item.state} />
            </Group>
            <Text size="sm" c="dimmed">
              Order {item.order} · {formatDateTime(item.orderDate)}
            </Text>
          </Stack>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          <Fact label="Buyer">
            <Anchor href={`mailto:${item.buyerEmail}`} size="sm">
              {item.buyerEmail}
            </Anchor>
          </Fact>
          <Fact label="Telegram or Skype">{item.buyerLivechat || '—'}</Fact>
          <Fact label="Page to promote">
            {item.targetUrl ? (
              <Anchor
                href={item.targetUrl}
                target="_blank"
                rel="noopener noreferrer"
                size="sm"
                data-testid="incoming-target"
              >
                {item.targetUrl}
              </Anchor>
            ) : (
              '—'
            )}
          </Fact>
          <Fact label="Price / your payout">
            <span className="tabular" data-testid="incoming-payout">
              {formatEuros(item.price)} / {formatEuros(item.payout)}
            </span>
          </Fact>
        </SimpleGrid>
        <ItemProgress item={item} viewer="seller" />
        {open ? (
          <Group gap="sm">
            {item.state === 'pending' ? (
              <Button
                size="xs"
                leftSection={<IconCheck size={14} aria-hidden />}
                loading={accept.isPending}
                onClick={() => accept.mutate(item.id, { onError: (error) => showError(errorReason(error)) })}
                data-testid="accept-item"
              >
                Accept
              </Button>
            ) : (
              <Button
                size="xs"
                leftSection={<IconSend size={14} aria-hidden />}
                onClick={() => setModal('deliver')}
                data-testid="deliver-item"
              >
                Deliver
              </Button>
            )}
            <Button
              size="xs"
              variant="default"
              leftSection={<IconX size={14} aria-hidden />}
              onClick={() => setModal('deny')}
              data-testid="deny-item"
            >
              Deny
            </Button>
          </Group>
        ) : null}
      </Stack>
      {modal === 'deny' ? <DenyModal item={item} opened onClose={() => setModal(null)} /> : null}
      {modal === 'deliver' ? <DeliverModal item={item} opened onClose={() => setModal(null)} /> : null}
    </Card>
  );
}
