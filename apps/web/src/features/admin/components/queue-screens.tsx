import { Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { QUEUE_DEFS, QueueActionKey, QueueName } from '@cryptads/contract/admin-queues';
import { PAYOUT_METHOD_LABELS, type PayoutMethod } from '@cryptads/contract/billing-messages';
import type { AdminBulkResult, AdminCommandResult } from '@cryptads/contract/endpoints/admin';
import type { QueueQuery, QueueRow } from '@cryptads/contract/endpoints/admin-queues';
import { categoryName } from '@cryptads/contract/marketplace-messages';
import { formatEuros } from '@cryptads/contract/money';
import { formatDateTime, formatMicros, formatNumber } from '../../../lib/format';
import { adminApi } from '../api/client';
import { CommandButton } from './command-button';
import { Creatives, DocumentButton, ExternalLink, formatLabel, Titled, Who } from './queue-cells';

/**
 * What the queues' screens add to the contract's definitions (admin-queues.ts): the call that
 * lists each one, the cells of its `custom` columns, and its actions' confirmations and calls.
 */

/** What an action's confirmation says and the call it makes. */
export type ActionText<T> = {
  title: (row: T) => string;
  /** What the modal says; `value` is what the person typed so far (the transfer shows its amount). */
  message: (row: T, value: string) => ReactNode;
  /** Shown for every row when omitted. */
  visible?: (row: T) => boolean;
  run: (row: T, value: string) => Promise<AdminCommandResult>;
};

type CustomKey<N extends QueueName> = Extract<(typeof QUEUE_DEFS)[N]['columns'][number], { kind: 'custom' }>['key'];

export type QueueScreen<N extends QueueName> = {
  /** `tab`: the chosen tab's value where the queue has tabs (the first one by default). */
  fetch: (query: QueueQuery<N>, signal: AbortSignal, tab?: string) => Promise<{ items: QueueRow<N>[]; total: number }>;
  rowKey: (row: QueueRow<N>) => string | number;
  cells: Record<CustomKey<N>, (row: QueueRow<N>) => ReactNode>;
  actions: Record<QueueActionKey<N>, ActionText<QueueRow<N>>>;
  /** The id a bulk action takes, where the definition has one. */
  bulk?: { idOf: (row: QueueRow<N>) => number; run: (ids: number[]) => Promise<AdminBulkResult> };
  /** Buttons above the table for the queue's commands that are not about one row. */
  toolbar?: () => ReactNode;
};

const told = () => 'The customer is told at once. The action is recorded in the audit trail.';
const sayWhy = () => 'Say why: the customer reads the reason in their notification.';
/** 'sepa' → 'SEPA': the label the publisher chose it by. */
const methodLabel = (method: string) => PAYOUT_METHOD_LABELS[method as PayoutMethod] ?? method;

const campaigns: QueueScreen<'campaigns'> = {
  fetch: (query, signal) => adminApi.campaignsQueue({ query, signal }),
  rowKey: (c) => c.id,
  cells: {
    name: (c) => <Titled title={c.name} sub={`#${c.id} · ${c.kind}`} />,
    creatives: (c) => <Creatives campaign={c} />,
  },
  actions: {
    approve: {
      title: (c) => `Approve campaign “${c.name}”?`,
      message: told,
      run: (c) => adminApi.campaignApprove({ params: { id: c.id } }),
    },
    reject: {
      title: (c) => `Reject campaign “${c.name}”?`,
      message: sayWhy,
      run: (c, reason) => adminApi.campaignReject({ params: { id: c.id }, body: { reason } }),
    },
    lock: {
      title: (c) => `Lock campaign “${c.name}”?`,
      message: () => 'Managed by the network: the advertiser can then only pause or resume it.',
      visible: (c) => !c.locked,
      run: (c) => adminApi.campaignLock({ params: { id: c.id } }),
    },
    unlock: {
      title: (c) => `Unlock campaign “${c.name}”?`,
      message: () => 'The advertiser can edit it again.',
      visible: (c) => c.locked,
      run: (c) => adminApi.campaignUnlock({ params: { id: c.id } }),
    },
  },
  bulk: { idOf: (c) => c.id, run: (ids) => adminApi.campaignsApprove({ body: { ids } }) },
};

const websites: QueueScreen<'websites'> = {
  fetch: (query, signal) => adminApi.websitesQueue({ query, signal }),
  rowKey: (w) => w.id,
  cells: {
    domain: (w) => (
      <Stack gap={0}>
        <ExternalLink href={w.url}>{w.domain}</ExternalLink>
        <Text size="xs" c="dimmed">
          #{w.id} · {w.name}
        </Text>
      </Stack>
    ),
  },
  actions: {
    approve: {
      title: (w) => `Approve ${w.domain}?`,
      message: told,
      run: (w) => adminApi.websiteApprove({ params: { id: w.id } }),
    },
    reject: {
      title: (w) => `Reject ${w.domain}?`,
      message: sayWhy,
      run: (w, reason) => adminApi.websiteReject({ params: { id: w.id }, body: { reason } }),
    },
  },
  bulk: { idOf: (w) => w.id, run: (ids) => adminApi.websitesApprove({ body: { ids } }) },
};

const zones: QueueScreen<'zones'> = {
  fetch: (query, signal) => adminApi.zonesQueue({ query, signal }),
  rowKey: (z) => z.id,
  cells: {
    zone: (z) => <Titled title={z.alias} sub={`#${z.id} · ${z.unique}`} />,
    format: (z) => `${formatLabel(z.format)}${z.size ? ` ${z.size}` : ''}`,
  },
  actions: {
    approve: {
      title: (z) => `Approve zone ${z.alias}?`,
      message: told,
      run: (z) => adminApi.zoneApprove({ params: { id: z.id } }),
    },
    reject: {
      title: (z) => `Reject zone ${z.alias}?`,
      message: sayWhy,
      run: (z, reason) => adminApi.zoneReject({ params: { id: z.id }, body: { reason } }),
    },
  },
  bulk: { idOf: (z) => z.id, run: (ids) => adminApi.zonesApprove({ body: { ids } }) },
};

const listings: QueueScreen<'listings'> = {
  fetch: (query, signal) => adminApi.listingsQueue({ query, signal }),
  rowKey: (l) => l.unique,
  // The category under the title: the listing's public id means nothing to the operator.
  cells: { title: (l) => <Titled title={l.title} sub={categoryName(l.category)} /> },
  actions: {
    approve: {
      title: (l) => `Publish “${l.title}”?`,
      message: told,
      run: (l) => adminApi.listingApprove({ params: { id: l.unique } }),
    },
    reject: {
      title: (l) => `Reject “${l.title}”?`,
      message: sayWhy,
      run: (l, reason) => adminApi.listingReject({ params: { id: l.unique }, body: { reason } }),
    },
  },
};

const documents: QueueScreen<'documents'> = {
  fetch: (query, signal) => adminApi.documentsQueue({ query, signal }),
  rowKey: (d) => d.userId,
  cells: {
    account: (d) => <Who email={d.email} sub={`${d.name}${d.isCompany ? ' (company)' : ''} · ${d.country}`} />,
    documents: (d) => (
      <Group gap={4}>
        {d.documents.map((doc) => (
          <DocumentButton key={doc.id} doc={doc} />
        ))}
      </Group>
    ),
  },
  actions: {
    approve: {
      title: (d) => `Verify the identity of ${d.email}?`,
      message: told,
      run: (d) => adminApi.identityApprove({ params: { userId: d.userId } }),
    },
    recheck: {
      title: (d) => `Ask ${d.email} for new documents?`,
      message: () => 'Say what is wrong or missing: the customer reads it and uploads new documents.',
      run: (d, reason) => adminApi.identityRecheck({ params: { userId: d.userId }, body: { reason } }),
    },
    reject: {
      title: (d) => `Decline the verification of ${d.email} for good?`,
      message: sayWhy,
      run: (d, reason) => adminApi.identityReject({ params: { userId: d.userId }, body: { reason } }),
    },
  },
};

const transfers: QueueScreen<'transfers'> = {
  fetch: (query, signal) => adminApi.transfersQueue({ query, signal }),
  rowKey: (t) => t.reference,
  cells: {},
  actions: {
    confirm: {
      title: (t) => `Confirm transfer ${t.reference}`,
      message: (t, euros) =>
        Number(euros) > 0 ? (
          <span data-testid="transfer-confirm-amount">
            Credit <strong>{formatEuros(Number(euros))}</strong> to {t.email}. Check the amount against the bank
            statement: it cannot be taken back here.
          </span>
        ) : (
          `Type the euros that arrived on the bank account for ${t.email}.`
        ),
      run: (t, euros) =>
        adminApi.transferConfirm({ params: { reference: t.reference }, body: { euros: Number(euros) } }),
    },
  },
};

const payouts: QueueScreen<'payouts'> = {
  fetch: (query, signal, tab) =>
    adminApi.payoutsQueue({ query: { ...query, state: tab === 'sent' ? 'sent' : 'requested' }, signal }),
  toolbar: () => (
    <CommandButton
      label="Run payouts"
      title="Run the payout job now?"
      message="Creates this period's payouts for every publisher with enough earnings (only the 1st of the month and Mondays pay). Runs it as on the day given, or today."
      field={{ label: 'Day (optional)', description: 'YYYY-MM-DD; empty for today.', placeholder: 'YYYY-MM-DD' }}
      run={(date) => adminApi.payoutsRun({ body: date ? { date } : {} })}
      testId="payouts-run"
    />
  ),
  rowKey: (p) => p.id,
  cells: {
    account: (p) => <Who email={p.email} sub={`#${p.id} · ${p.period}`} />,
    method: (p) => methodLabel(p.method),
    reference: (p) =>
      p.sentAt ? <Who email={formatDateTime(p.sentAt)} sub={p.reference ? `Ref ${p.reference}` : undefined} /> : '—',
  },
  actions: {
    sent: {
      title: (p) => `Mark the payout of ${formatMicros(p.amountMicros)} to ${p.email} sent`,
      message: (p) =>
        `Send ${formatMicros(p.amountMicros)} by ${methodLabel(p.method)} to ${p.destination} first, then give its reference.`,
      visible: (p) => p.status === 'requested',
      run: (p, reference) => adminApi.payoutSent({ params: { id: p.id }, body: { reference } }),
    },
    complete: {
      title: (p) => `Mark the payout to ${p.email} completed?`,
      message: (p) =>
        `Only once ${formatMicros(p.amountMicros)} has arrived${p.reference ? ` (reference ${p.reference})` : ''}: the publisher sees it completed.`,
      visible: (p) => p.status === 'sent',
      run: (p) => adminApi.payoutComplete({ params: { id: p.id } }),
    },
    failed: {
      title: (p) => `Mark the payout to ${p.email} failed`,
      message: (p) => `${formatMicros(p.amountMicros)} goes back to the publisher's balance.`,
      visible: (p) => p.status === 'requested' || p.status === 'sent',
      run: (p, reason) => adminApi.payoutFailed({ params: { id: p.id }, body: { reason } }),
    },
  },
};

const due = (i: QueueRow<'marketplace'>) =>
  i.state === 'pending' && i.acceptBy
    ? `Accept by ${formatDateTime(i.acceptBy)}`
    : i.state === 'accepted' && i.deliverBy
      ? `Deliver by ${formatDateTime(i.deliverBy)}`
      : i.state === 'delivered' && i.completeBy
        ? `Completes ${formatDateTime(i.completeBy)}`
        : '—';

const marketplace: QueueScreen<'marketplace'> = {
  fetch: (query, signal) => adminApi.marketplaceQueue({ query, signal }),
  rowKey: (i) => i.id,
  cells: {
    listing: (i) => (
      <Titled title={i.listingTitle} sub={`Item #${i.id}${i.network ? '' : ' · a seller’s listing'}`}>
        {i.proofProblem ? (
          <Text size="xs" c="red.9" data-testid="proof-problem">
            Proof check: {i.proofProblem}
          </Text>
        ) : null}
      </Titled>
    ),
    due,
  },
  actions: {
    accept: {
      title: (i) => `Accept item #${i.id}?`,
      message: () => 'The buyer is told that the order is being worked on.',
      visible: (i) => i.network && i.state === 'pending',
      run: (i) => adminApi.marketplaceAccept({ params: { id: i.id } }),
    },
    deliver: {
      title: (i) => `Deliver item #${i.id}`,
      message: () => 'Give the address of the published page; the buyer checks it.',
      visible: (i) => i.network && i.state === 'accepted',
      run: (i, proofUrl) => adminApi.marketplaceDeliver({ params: { id: i.id }, body: { proofUrl } }),
    },
    deny: {
      title: (i) => `Deny item #${i.id}?`,
      message: (i) => `The buyer is refunded ${formatMicros(i.priceMicros)}.`,
      visible: (i) => i.network && (i.state === 'pending' || i.state === 'accepted'),
      run: (i, reason) => adminApi.marketplaceDeny({ params: { id: i.id }, body: { reason } }),
    },
    complete: {
      title: (i) => `Complete item #${i.id}?`,
      message: () => 'The item is settled as done now: the seller is paid (less the commission).',
      visible: (i) => i.state === 'delivered',
      run: (i) => adminApi.marketplaceComplete({ params: { id: i.id } }),
    },
    refund: {
      title: (i) => `Refund item #${i.id}?`,
      message: (i) => `The item is denied and the buyer gets ${formatMicros(i.priceMicros)} back.`,
      visible: (i) => i.state === 'delivered',
      run: (i, reason) => adminApi.marketplaceRefund({ params: { id: i.id }, body: { reason } }),
    },
  },
};

const traffic: QueueScreen<'traffic'> = {
  fetch: (query, signal) => adminApi.trafficQueue({ query, signal }),
  rowKey: (t) => t.zoneId,
  cells: {
    zone: (t) => <Titled title={t.alias} sub={t.zone} />,
    reasons: (t) => (
      <Stack gap={0}>
        {t.reasons.map((r) => (
          <Text size="xs" key={r.reason}>
            {r.label}: {formatNumber(r.events)}
          </Text>
        ))}
      </Stack>
    ),
  },
  actions: {
    pause: {
      title: (t) => `Pause zone ${t.alias} on ${t.domain}?`,
      message: () =>
        'It stops serving ads at once; the publisher is told and the zone serves again once you approve it.',
      run: (t) => adminApi.zonePause({ params: { id: t.zoneId } }),
    },
  },
};

const deadletters: QueueScreen<'deadletters'> = {
  fetch: (query, signal) => adminApi.deadLettersQueue({ query, signal }),
  toolbar: () => (
    <CommandButton
      label="Retry all"
      title="Retry every dead letter?"
      message="Each event is recorded again, oldest first, and its dead letter deleted; one refused again stays with its new error."
      run={() => adminApi.deadLettersRetryAll({})}
      testId="deadletters-retry-all"
    />
  ),
  rowKey: (d) => d.id,
  cells: {
    event: (d) => (
      <Titled
        title={`#${d.id} ${d.eventKind ?? 'unreadable'}`}
        sub={`${d.campaignId === null ? 'No campaign' : `Campaign ${d.campaignId}`} · ${d.zoneId === null ? 'no zone' : `zone ${d.zoneId}`}`}
      />
    ),
  },
  actions: {
    retry: {
      title: (d) => `Retry dead letter #${d.id}?`,
      message: () =>
        'The event is recorded again and the dead letter deleted; refused again, it stays with its new error.',
      run: (d) => adminApi.deadLetterRetry({ params: { id: d.id } }),
    },
  },
};

/** Every queue's screen by its name. */
export const QUEUE_SCREENS: { [N in QueueName]: QueueScreen<N> } = {
  campaigns,
  websites,
  zones,
  listings,
  documents,
  transfers,
  payouts,
  marketplace,
  traffic,
  deadletters,
};
