import { PAYOUT_METHOD_LABELS, type PayoutMethod } from '@cryptads/contract/billing-messages';
import { Anchor, Badge, Button, Group, Image, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconExternalLink, IconFile } from '@tabler/icons-react';
import { useState } from 'react';
import { ADMIN_MESSAGES } from '@cryptads/contract/admin-messages';
import { AD_FORMAT_LABELS, type AdFormat } from '@cryptads/contract/campaign-messages';
import { buildPath } from '@cryptads/contract/endpoint';
import { adminRoutes } from '@cryptads/contract/endpoints/admin.routes';
import type {
  QueueCampaign,
  QueueDeadLetter,
  QueueDocuments,
  QueueListing,
  QueueMarketplaceItem,
  QueuePayout,
  QueueTraffic,
  QueueTransfer,
  QueueWebsite,
  QueueZone,
} from '@cryptads/contract/endpoints/admin';
import { formatEuros } from '@cryptads/contract/money';
import { apiDownload, errorReason } from '../../../lib/api-client';
import { formatDateTime, formatMicros, formatNumber } from '../../../lib/format';
import { adminApi } from '../api/client';
import type { ActionField, QueueAction } from './action-modal';
import classes from './admin.module.css';
import { CommandButton } from './command-button';
import type { QueueConfig } from './queue-table';

const formatLabel = (format: number) => AD_FORMAT_LABELS[format as AdFormat] ?? `Format ${format}`;
const percent = new Intl.NumberFormat('en-GB', { style: 'percent', maximumFractionDigits: 1 });

const reasonField: ActionField = {
  kind: 'reason',
  label: 'Reason',
  description: 'The customer reads it.',
  required: ADMIN_MESSAGES.reasonRequired,
};

/** A link that leaves the back office: a new tab, without giving the page a handle on ours. */
function ExternalLink({ href, children }: { href: string; children: string }) {
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

function Who({ email, sub }: { email: string; sub?: string }) {
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

function Creatives({ campaign }: { campaign: QueueCampaign }) {
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
function DocumentButton({ doc }: { doc: QueueDocuments['documents'][number] }) {
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

const approve = <T,>(label: string, title: (row: T) => string, run: (row: T) => ReturnType<QueueAction<T>['run']>) =>
  ({
    key: 'approve',
    label,
    title,
    message: () => 'The customer is told at once. The action is recorded in the audit trail.',
    run: (row: T) => run(row),
  }) satisfies QueueAction<T>;

const reject = <T,>(title: (row: T) => string, run: (row: T, reason: string) => ReturnType<QueueAction<T>['run']>) =>
  ({
    key: 'reject',
    label: 'Reject',
    danger: true,
    title,
    message: () => 'Say why: the customer reads the reason in their notification.',
    field: reasonField,
    run,
  }) satisfies QueueAction<T>;

export const campaignsQueue: QueueConfig<QueueCampaign> = {
  name: 'campaigns',
  label: 'Campaigns waiting for review',
  searchHint: 'Name, advertiser email or id',
  emptyText: 'No campaign is waiting for review.',
  fetch: (query, signal) => adminApi.campaignsQueue({ query, signal }),
  rowKey: (c) => c.id,
  columns: [
    {
      key: 'name',
      header: 'Campaign',
      sort: 'name',
      render: (c) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {c.name}
          </Text>
          <Text size="xs" c="dimmed">
            #{c.id} · {c.kind}
          </Text>
        </Stack>
      ),
    },
    { key: 'advertiser', header: 'Advertiser', sort: 'advertiser', render: (c) => <Who email={c.advertiserEmail} /> },
    { key: 'price', header: 'Price', sort: 'price', align: 'right', render: (c) => formatMicros(c.priceMicros) },
    { key: 'creatives', header: 'Creatives', render: (c) => <Creatives campaign={c} /> },
    {
      key: 'landing',
      header: 'Landing page',
      render: (c) => <ExternalLink href={c.landingUrl}>{c.landingUrl}</ExternalLink>,
    },
    { key: 'created', header: 'Submitted', sort: 'created', render: (c) => formatDateTime(c.createdAt) },
  ],
  actions: [
    approve(
      'Approve',
      (c) => `Approve campaign “${c.name}”?`,
      (c) => adminApi.campaignApprove({ params: { id: c.id } }),
    ),
    reject(
      (c) => `Reject campaign “${c.name}”?`,
      (c, reason) => adminApi.campaignReject({ params: { id: c.id }, body: { reason } }),
    ),
    {
      key: 'lock',
      label: 'Lock',
      title: (c) => `Lock campaign “${c.name}”?`,
      message: () => 'Managed by the network: the advertiser can then only pause or resume it.',
      visible: (c) => !c.locked,
      run: (c) => adminApi.campaignLock({ params: { id: c.id } }),
    },
    {
      key: 'unlock',
      label: 'Unlock',
      title: (c) => `Unlock campaign “${c.name}”?`,
      message: () => 'The advertiser can edit it again.',
      visible: (c) => c.locked,
      run: (c) => adminApi.campaignUnlock({ params: { id: c.id } }),
    },
  ],
  bulk: {
    label: 'Approve selected',
    idOf: (c) => c.id,
    run: (ids) => adminApi.campaignsApprove({ body: { ids } }),
  },
};

export const websitesQueue: QueueConfig<QueueWebsite> = {
  name: 'websites',
  label: 'Websites waiting for review',
  searchHint: 'Domain, publisher email or id',
  emptyText: 'No website is waiting for review.',
  fetch: (query, signal) => adminApi.websitesQueue({ query, signal }),
  rowKey: (w) => w.id,
  columns: [
    {
      key: 'domain',
      header: 'Website',
      sort: 'domain',
      render: (w) => (
        <Stack gap={0}>
          <ExternalLink href={w.url}>{w.domain}</ExternalLink>
          <Text size="xs" c="dimmed">
            #{w.id} · {w.name}
          </Text>
        </Stack>
      ),
    },
    { key: 'publisher', header: 'Publisher', sort: 'publisher', render: (w) => <Who email={w.publisherEmail} /> },
    { key: 'verification', header: 'Ownership', render: (w) => <Verified verified={w.verification.verified} /> },
    { key: 'zones', header: 'Zones waiting', align: 'right', render: (w) => formatNumber(w.pendingZones) },
    { key: 'created', header: 'Submitted', sort: 'created', render: (w) => formatDateTime(w.createdAt) },
  ],
  actions: [
    approve(
      'Approve',
      (w) => `Approve ${w.domain}?`,
      (w) => adminApi.websiteApprove({ params: { id: w.id } }),
    ),
    reject(
      (w) => `Reject ${w.domain}?`,
      (w, reason) => adminApi.websiteReject({ params: { id: w.id }, body: { reason } }),
    ),
  ],
  bulk: { label: 'Approve selected', idOf: (w) => w.id, run: (ids) => adminApi.websitesApprove({ body: { ids } }) },
};

export const zonesQueue: QueueConfig<QueueZone> = {
  name: 'zones',
  label: 'Ad zones waiting for review',
  searchHint: 'Domain, zone name, publisher email or id',
  emptyText: 'No ad zone is waiting for review.',
  fetch: (query, signal) => adminApi.zonesQueue({ query, signal }),
  rowKey: (z) => z.id,
  columns: [
    {
      key: 'zone',
      header: 'Zone',
      render: (z) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {z.alias}
          </Text>
          <Text size="xs" c="dimmed">
            #{z.id} · {z.unique}
          </Text>
        </Stack>
      ),
    },
    { key: 'domain', header: 'Website', sort: 'domain', render: (z) => z.domain },
    {
      key: 'format',
      header: 'Format',
      sort: 'format',
      render: (z) => `${formatLabel(z.format)}${z.size ? ` ${z.size}` : ''}`,
    },
    { key: 'publisher', header: 'Publisher', render: (z) => <Who email={z.publisherEmail} /> },
    { key: 'verification', header: 'Ownership', render: (z) => <Verified verified={z.verification.verified} /> },
    { key: 'created', header: 'Submitted', sort: 'created', render: (z) => formatDateTime(z.createdAt) },
  ],
  actions: [
    approve(
      'Approve',
      (z) => `Approve zone ${z.alias}?`,
      (z) => adminApi.zoneApprove({ params: { id: z.id } }),
    ),
    reject(
      (z) => `Reject zone ${z.alias}?`,
      (z, reason) => adminApi.zoneReject({ params: { id: z.id }, body: { reason } }),
    ),
  ],
  bulk: { label: 'Approve selected', idOf: (z) => z.id, run: (ids) => adminApi.zonesApprove({ body: { ids } }) },
};

export const listingsQueue: QueueConfig<QueueListing> = {
  name: 'listings',
  label: 'Listing requests',
  searchHint: 'Title, website or requester email',
  emptyText: 'No listing request is waiting.',
  fetch: (query, signal) => adminApi.listingsQueue({ query, signal }),
  rowKey: (l) => l.unique,
  columns: [
    {
      key: 'title',
      header: 'Listing',
      sort: 'title',
      render: (l) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {l.title}
          </Text>
          <Text size="xs" c="dimmed">
            {l.unique}
          </Text>
        </Stack>
      ),
    },
    { key: 'website', header: 'Website', render: (l) => l.website ?? '—' },
    { key: 'owner', header: 'Requested by', render: (l) => (l.ownerEmail ? <Who email={l.ownerEmail} /> : '—') },
    { key: 'price', header: 'Price', sort: 'price', align: 'right', render: (l) => formatMicros(l.priceMicros) },
    { key: 'created', header: 'Requested', sort: 'created', render: (l) => formatDateTime(l.createdAt) },
  ],
  actions: [
    approve(
      'Publish',
      (l) => `Publish “${l.title}”?`,
      (l) => adminApi.listingApprove({ params: { id: l.unique } }),
    ),
    reject(
      (l) => `Reject “${l.title}”?`,
      (l, reason) => adminApi.listingReject({ params: { id: l.unique }, body: { reason } }),
    ),
  ],
};

export const documentsQueue: QueueConfig<QueueDocuments> = {
  name: 'documents',
  label: 'Identity documents waiting for review',
  searchHint: 'Account email, name or id',
  emptyText: 'No identity document is waiting for review.',
  fetch: (query, signal) => adminApi.documentsQueue({ query, signal }),
  rowKey: (d) => d.userId,
  columns: [
    {
      key: 'account',
      header: 'Account',
      sort: 'account',
      render: (d) => <Who email={d.email} sub={`${d.name}${d.isCompany ? ' (company)' : ''} · ${d.country}`} />,
    },
    {
      key: 'documents',
      header: 'Documents',
      render: (d) => (
        <Group gap={4}>
          {d.documents.map((doc) => (
            <DocumentButton key={doc.id} doc={doc} />
          ))}
        </Group>
      ),
    },
    { key: 'submitted', header: 'Submitted', sort: 'submitted', render: (d) => formatDateTime(d.submittedAt) },
  ],
  actions: [
    approve(
      'Verify',
      (d) => `Verify the identity of ${d.email}?`,
      (d) => adminApi.identityApprove({ params: { userId: d.userId } }),
    ),
    {
      key: 'recheck',
      label: 'Ask again',
      danger: true,
      title: (d) => `Ask ${d.email} for new documents?`,
      message: () => 'Say what is wrong or missing: the customer reads it and uploads new documents.',
      field: reasonField,
      run: (d, reason) => adminApi.identityRecheck({ params: { userId: d.userId }, body: { reason } }),
    },
    reject(
      (d) => `Decline the verification of ${d.email} for good?`,
      (d, reason) => adminApi.identityReject({ params: { userId: d.userId }, body: { reason } }),
    ),
  ],
};

export const transfersQueue: QueueConfig<QueueTransfer> = {
  name: 'transfers',
  label: 'Bank transfers awaiting confirmation',
  searchHint: 'Reference or account email',
  emptyText: 'No bank transfer is awaiting confirmation.',
  fetch: (query, signal) => adminApi.transfersQueue({ query, signal }),
  rowKey: (t) => t.reference,
  columns: [
    {
      key: 'reference',
      header: 'Reference',
      sort: 'reference',
      render: (t) => <Text ff="monospace">{t.reference}</Text>,
    },
    { key: 'account', header: 'Account', sort: 'account', render: (t) => <Who email={t.email} /> },
    { key: 'amount', header: 'Expected', align: 'right', render: (t) => formatMicros(t.amountMicros) },
    { key: 'created', header: 'Created', sort: 'created', render: (t) => formatDateTime(t.createdAt) },
  ],
  actions: [
    {
      key: 'confirm',
      label: 'Confirm',
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
      field: { kind: 'euros', label: 'Euros received', required: ADMIN_MESSAGES.eurosRequired },
      run: (t, euros) =>
        adminApi.transferConfirm({ params: { reference: t.reference }, body: { euros: Number(euros) } }),
    },
  ],
};

/** 'sepa' → 'SEPA': the label the publisher chose it by. */
const methodLabel = (method: string) => PAYOUT_METHOD_LABELS[method as PayoutMethod] ?? method;

export const payoutsQueue: QueueConfig<QueuePayout> = {
  name: 'payouts',
  label: 'Payouts to send',
  searchHint: 'Account email or id',
  emptyText: 'No payout is waiting here.',
  fetch: (query, signal, tab) =>
    adminApi.payoutsQueue({ query: { ...query, state: tab === 'sent' ? 'sent' : 'requested' }, signal }),
  tabs: {
    param: 'state',
    label: 'Payouts to show',
    options: [
      { value: 'requested', label: 'To send' },
      { value: 'sent', label: 'Sent, not arrived' },
    ],
  },
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
  columns: [
    {
      key: 'account',
      header: 'Account',
      sort: 'account',
      render: (p) => <Who email={p.email} sub={`#${p.id} · ${p.period}`} />,
    },
    { key: 'amount', header: 'Amount', sort: 'amount', align: 'right', render: (p) => formatMicros(p.amountMicros) },
    { key: 'method', header: 'Method', render: (p) => methodLabel(p.method) },
    {
      key: 'destination',
      header: 'Destination',
      render: (p) => (
        <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
          {p.destination}
        </Text>
      ),
    },
    { key: 'requested', header: 'Requested', sort: 'requested', render: (p) => formatDateTime(p.requestedAt) },
    {
      key: 'reference',
      header: 'Sent',
      render: (p) =>
        p.sentAt ? <Who email={formatDateTime(p.sentAt)} sub={p.reference ? `Ref ${p.reference}` : undefined} /> : '—',
    },
  ],
  actions: [
    {
      key: 'sent',
      label: 'Mark sent',
      title: (p) => `Mark the payout of ${formatMicros(p.amountMicros)} to ${p.email} sent`,
      message: (p) =>
        `Send ${formatMicros(p.amountMicros)} by ${methodLabel(p.method)} to ${p.destination} first, then give its reference.`,
      field: {
        kind: 'text',
        label: 'Bank reference or transaction hash',
        required: ADMIN_MESSAGES.referenceRequired,
      },
      visible: (p) => p.status === 'requested',
      run: (p, reference) => adminApi.payoutSent({ params: { id: p.id }, body: { reference } }),
    },
    {
      key: 'complete',
      label: 'Mark completed',
      title: (p) => `Mark the payout to ${p.email} completed?`,
      message: (p) =>
        `Only once ${formatMicros(p.amountMicros)} has arrived${p.reference ? ` (reference ${p.reference})` : ''}: the publisher sees it completed.`,
      visible: (p) => p.status === 'sent',
      run: (p) => adminApi.payoutComplete({ params: { id: p.id } }),
    },
    {
      key: 'failed',
      label: 'Mark failed',
      danger: true,
      title: (p) => `Mark the payout to ${p.email} failed`,
      message: (p) => `${formatMicros(p.amountMicros)} goes back to the publisher's balance.`,
      field: reasonField,
      visible: (p) => p.status === 'requested' || p.status === 'sent',
      run: (p, reason) => adminApi.payoutFailed({ params: { id: p.id }, body: { reason } }),
    },
  ],
};

export const marketplaceQueue: QueueConfig<QueueMarketplaceItem> = {
  name: 'marketplace',
  label: 'Marketplace items to accept, deliver and settle',
  searchHint: 'Listing, buyer email or id',
  emptyText: 'No marketplace item is waiting for the network.',
  fetch: (query, signal) => adminApi.marketplaceQueue({ query, signal }),
  rowKey: (i) => i.id,
  columns: [
    {
      key: 'listing',
      header: 'Listing',
      render: (i) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {i.listingTitle}
          </Text>
          <Text size="xs" c="dimmed">
            Item #{i.id}
            {i.network ? '' : ' · a seller’s listing'}
          </Text>
          {i.proofProblem ? (
            <Text size="xs" c="red.9" data-testid="proof-problem">
              Proof check: {i.proofProblem}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    { key: 'buyer', header: 'Buyer', render: (i) => <Who email={i.buyerEmail} /> },
    { key: 'price', header: 'Price', sort: 'price', align: 'right', render: (i) => formatMicros(i.priceMicros) },
    { key: 'status', header: 'State', sort: 'status', render: (i) => <Badge variant="light">{i.state}</Badge> },
    {
      key: 'due',
      header: 'Due',
      render: (i) =>
        i.state === 'pending' && i.acceptBy
          ? `Accept by ${formatDateTime(i.acceptBy)}`
          : i.state === 'accepted' && i.deliverBy
            ? `Deliver by ${formatDateTime(i.deliverBy)}`
            : i.state === 'delivered' && i.completeBy
              ? `Completes ${formatDateTime(i.completeBy)}`
              : '—',
    },
    { key: 'created', header: 'Ordered', sort: 'created', render: (i) => formatDateTime(i.createdAt) },
  ],
  actions: [
    {
      key: 'accept',
      label: 'Accept',
      title: (i) => `Accept item #${i.id}?`,
      message: () => 'The buyer is told that the order is being worked on.',
      visible: (i) => i.network && i.state === 'pending',
      run: (i) => adminApi.marketplaceAccept({ params: { id: i.id } }),
    },
    {
      key: 'deliver',
      label: 'Deliver',
      title: (i) => `Deliver item #${i.id}`,
      message: () => 'Give the address of the published page; the buyer checks it.',
      visible: (i) => i.network && i.state === 'accepted',
      field: { kind: 'text', label: 'Published page', required: ADMIN_MESSAGES.proofRequired },
      run: (i, proofUrl) => adminApi.marketplaceDeliver({ params: { id: i.id }, body: { proofUrl } }),
    },
    {
      key: 'deny',
      label: 'Deny',
      danger: true,
      title: (i) => `Deny item #${i.id}?`,
      message: (i) => `The buyer is refunded ${formatMicros(i.priceMicros)}.`,
      field: reasonField,
      visible: (i) => i.network && (i.state === 'pending' || i.state === 'accepted'),
      run: (i, reason) => adminApi.marketplaceDeny({ params: { id: i.id }, body: { reason } }),
    },
    {
      key: 'complete',
      label: 'Complete',
      title: (i) => `Complete item #${i.id}?`,
      message: () => 'The item is settled as done now: the seller is paid (less the commission).',
      visible: (i) => i.state === 'delivered',
      run: (i) => adminApi.marketplaceComplete({ params: { id: i.id } }),
    },
    {
      key: 'refund',
      label: 'Refund',
      danger: true,
      title: (i) => `Refund item #${i.id}?`,
      message: (i) => `The item is denied and the buyer gets ${formatMicros(i.priceMicros)} back.`,
      field: { ...reasonField, description: 'The buyer and the seller read it.' },
      visible: (i) => i.state === 'delivered',
      run: (i, reason) => adminApi.marketplaceRefund({ params: { id: i.id }, body: { reason } }),
    },
  ],
};

export const trafficQueue: QueueConfig<QueueTraffic> = {
  name: 'traffic',
  label: 'Zones flagged for invalid traffic',
  searchHint: 'Domain or zone',
  emptyText: 'No zone is flagged for invalid traffic.',
  fetch: (query, signal) => adminApi.trafficQueue({ query, signal }),
  rowKey: (t) => t.zoneId,
  columns: [
    {
      key: 'zone',
      header: 'Zone',
      render: (t) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {t.alias}
          </Text>
          <Text size="xs" c="dimmed">
            {t.zone}
          </Text>
        </Stack>
      ),
    },
    { key: 'domain', header: 'Website', sort: 'domain', render: (t) => t.domain },
    { key: 'filtered', header: 'Filtered', sort: 'filtered', align: 'right', render: (t) => formatNumber(t.filtered) },
    { key: 'total', header: 'All events', align: 'right', render: (t) => formatNumber(t.total) },
    { key: 'share', header: 'Share', sort: 'share', align: 'right', render: (t) => percent.format(t.share) },
    {
      key: 'reasons',
      header: 'Reasons',
      render: (t) => (
        <Stack gap={0}>
          {t.reasons.map((r) => (
            <Text size="xs" key={r.reason}>
              {r.label}: {formatNumber(r.events)}
            </Text>
          ))}
        </Stack>
      ),
    },
  ],
  actions: [
    {
      key: 'pause',
      label: 'Pause zone',
      danger: true,
      title: (t) => `Pause zone ${t.alias} on ${t.domain}?`,
      message: () =>
        'It stops serving ads at once; the publisher is told and the zone serves again once you approve it.',
      run: (t) => adminApi.zonePause({ params: { id: t.zoneId } }),
    },
  ],
};

export const deadLettersQueue: QueueConfig<QueueDeadLetter> = {
  name: 'deadletters',
  label: 'Delivery events refused after every retry',
  searchHint: 'Id, error, impression or click, campaign or zone id',
  emptyText: 'No dead letter: every delivery event was recorded.',
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
  columns: [
    {
      key: 'event',
      header: 'Event',
      render: (d) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            #{d.id} {d.eventKind ?? 'unreadable'}
          </Text>
          <Text size="xs" c="dimmed">
            {d.campaignId === null ? 'No campaign' : `Campaign ${d.campaignId}`} ·{' '}
            {d.zoneId === null ? 'no zone' : `zone ${d.zoneId}`}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'error',
      header: 'Error',
      render: (d) => (
        <Text size="sm" ff="monospace" style={{ wordBreak: 'break-word' }}>
          {d.error}
        </Text>
      ),
    },
    { key: 'attempts', header: 'Attempts', sort: 'attempts', align: 'right', render: (d) => formatNumber(d.attempts) },
    { key: 'first', header: 'First failure', sort: 'first', render: (d) => formatDateTime(d.firstFailedAt) },
    { key: 'last', header: 'Last failure', sort: 'last', render: (d) => formatDateTime(d.lastFailedAt) },
  ],
  actions: [
    {
      key: 'retry',
      label: 'Retry',
      title: (d) => `Retry dead letter #${d.id}?`,
      message: () =>
        'The event is recorded again and the dead letter deleted; refused again, it stays with its new error.',
      run: (d) => adminApi.deadLetterRetry({ params: { id: d.id } }),
    },
  ],
};
