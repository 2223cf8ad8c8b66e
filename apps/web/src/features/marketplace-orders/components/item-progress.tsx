import { Anchor, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { OrderItem } from '@cryptads/contract/marketplace';
import { MARKETPLACE_MESSAGES as M } from '@cryptads/contract/marketplace-messages';
import { formatEuros } from '@cryptads/contract/money';
import { formatDate, formatDateTime } from '../../../lib/format';
import { relativeTime } from '../lib/relative-time';
import { ProofCheckResult } from './proof-check';

/** '21 Nov 2026, 14:05 (in 3 days)'. */
const deadline = (at: string) => `${formatDateTime(at)} (${relativeTime(at)})`;

/**
 * Where an order item stands, as both sides read it: the timer that runs (accept by,
 * complete by) in words, the proof and its delivery date, the proof check, why it was denied
 * and what was refunded.
 */
export function ItemProgress({ item, viewer }: { item: OrderItem; viewer: 'buyer' | 'seller' }) {
  const lines: { key: string; text: ReactNode }[] = [];
  if (item.state === 'pending' && item.acceptBy)
    lines.push({
      key: 'accept',
      text:
        viewer === 'seller'
          ? `Accept by ${deadline(item.acceptBy)}`
          : `The seller accepts by ${deadline(item.acceptBy)}`,
    });
  if (item.state === 'accepted' && item.completeBy)
    lines.push({
      key: 'deliver',
      text:
        viewer === 'seller'
          ? `Deliver by ${deadline(item.completeBy)}`
          : `Delivery due by ${deadline(item.completeBy)}`,
    });
  // A broken proof check stops the completion by itself (docs/decisions/018): the date would be a
  // promise the timer does not keep, so what each side can do is said instead.
  if (item.state === 'delivered' && item.proofCheck?.broken)
    lines.push({ key: 'review', text: viewer === 'buyer' ? M.reviewHeldBuyer : M.reviewHeldSeller });
  else if (item.state === 'delivered' && item.completeBy)
    lines.push({
      key: 'review',
      text:
        viewer === 'buyer'
          ? `Approve the delivery, or it completes by itself on ${deadline(item.completeBy)} unless the check finds a problem`
          : `Completes on ${deadline(item.completeBy)} unless the buyer approves it sooner`,
    });
  if (item.state === 'completed' && item.completedAt)
    lines.push({ key: 'completed', text: `Completed ${formatDateTime(item.completedAt)}` });
  if (item.state === 'denied')
    lines.push({ key: 'denied', text: `Denied${item.denyReason ? `: ${item.denyReason}` : ''}` });
  if (item.state === 'expired')
    lines.push({
      key: 'expired',
      text: item.acceptedAt ? 'Expired: not delivered in time' : 'Expired: not accepted in time',
    });
  if (item.refunded !== null)
    lines.push({
      key: 'refund',
      text:
        viewer === 'buyer'
          ? `${formatEuros(item.refunded)} returned to your balance`
          : `${formatEuros(item.refunded)} refunded to the buyer`,
    });

  return (
    <Stack gap={6} data-testid="item-progress">
      {lines.map((line) => (
        <Text key={line.key} size="sm" data-testid={`item-${line.key}`}>
          {line.text}
        </Text>
      ))}
      {item.proofUrl ? (
        <Text size="sm" data-testid="item-proof">
          Proof:{' '}
          <Anchor href={item.proofUrl} target="_blank" rel="noopener noreferrer" style={{ wordBreak: 'break-all' }}>
            {item.proofUrl}
          </Anchor>
          {item.deliveryDate ? ` · published ${formatDate(item.deliveryDate)}` : ''}
        </Text>
      ) : null}
      {item.proofCheck ? <ProofCheckResult check={item.proofCheck} /> : null}
    </Stack>
  );
}
