/**
 * The back office's review queues, each defined once: its columns (what they show, which sort
 * and which the search looks in), its filter tabs and its actions. The server derives its
 * query from it (modules/admin/queue-query.ts), the web app its table; the rows' schemas are in
 * endpoints/admin-queues.ts. Zod-free, so that a screen can import it without the validator.
 */

import { ADMIN_MESSAGES as M } from './admin-messages';

/**
 * How a cell reads: `text` as it is (— when empty), `mono` in a fixed-width font, `money`
 * micro-euros as euros, `date` a date and time, `number` and `percent` (0..1) right-aligned,
 * `status` a badge, `person` an email address, `link` an address that opens in a new tab,
 * `verified` the ownership badge of a `{ verified }` value, `custom` drawn by the screen.
 */
export type QueueColumnKind =
  | 'text'
  | 'mono'
  | 'money'
  | 'date'
  | 'number'
  | 'percent'
  | 'status'
  | 'person'
  | 'link'
  | 'verified'
  | 'custom';

export type QueueColumn = {
  /** The column's name; a sortable column's is the `sort` the API takes. */
  key: string;
  label: string;
  kind: QueueColumnKind;
  /** The row's field the cell reads (the key when omitted); not used by `custom`. */
  field?: string;
  sortable?: boolean;
  /** The search looks in what this column shows (as a part of it, case aside). */
  searchable?: boolean;
  /** The row's title on a phone's narrow screen, where each row is a card (the first column when none is). */
  primary?: boolean;
};

/** What an action asks for before it runs (a reason, a reference, the euros received, a proof link). */
export type QueueActionField = {
  kind: 'reason' | 'text' | 'euros';
  label: string;
  description?: string;
  /** The reason of an empty or invalid value. */
  required?: string;
};

export type QueueActionDef = {
  key: string;
  label: string;
  /** A red confirm button for what refuses, fails or takes money back. */
  danger?: boolean;
  field?: QueueActionField;
  /** The endpoint (of endpoints/admin.ts) the action calls. */
  endpoint: string;
};

export type QueueDef = {
  /** The table's name for people (and for assistive technology). */
  label: string;
  searchHint: string;
  emptyText: string;
  /** The sort when none is asked for (oldest first unless `defaultDir` says otherwise). */
  defaultSort: string;
  defaultDir?: 'asc' | 'desc';
  columns: readonly QueueColumn[];
  /** A filter kept in the address as `param`; the first option is the default. */
  tabs?: { param: string; label: string; options: readonly { value: string; label: string }[] };
  actions: readonly QueueActionDef[];
  /** Bulk approval where the API offers it (the endpoint takes `ids`). */
  bulk?: { label: string; endpoint: string };
};

const reason: QueueActionField = {
  kind: 'reason',
  label: 'Reason',
  description: 'The customer reads it.',
  required: M.reasonRequired,
};
const created = (label: string) =>
  ({ key: 'created', label, kind: 'date', field: 'createdAt', sortable: true }) as const satisfies QueueColumn;
const approveSelected = (endpoint: string) => ({ label: 'Approve selected', endpoint });

export const QUEUE_DEFS = {
  campaigns: {
    label: 'Campaigns waiting for review',
    searchHint: 'Name, advertiser email or id',
    emptyText: 'No campaign is waiting for review.',
    defaultSort: 'created',
    columns: [
      { key: 'name', label: 'Campaign', kind: 'custom', sortable: true, searchable: true, primary: true },
      {
        key: 'advertiser',
        label: 'Advertiser',
        kind: 'person',
        field: 'advertiserEmail',
        sortable: true,
        searchable: true,
      },
      { key: 'price', label: 'Price', kind: 'money', field: 'priceMicros', sortable: true },
      { key: 'creatives', label: 'Creatives', kind: 'custom' },
      { key: 'landing', label: 'Landing page', kind: 'link', field: 'landingUrl', searchable: true },
      created('Submitted'),
    ],
    actions: [
      { key: 'approve', label: 'Approve', endpoint: 'campaignApprove' },
      { key: 'reject', label: 'Reject', danger: true, field: reason, endpoint: 'campaignReject' },
      { key: 'lock', label: 'Lock', endpoint: 'campaignLock' },
      { key: 'unlock', label: 'Unlock', endpoint: 'campaignUnlock' },
    ],
    bulk: approveSelected('campaignsApprove'),
  },
  websites: {
    label: 'Websites waiting for review',
    searchHint: 'Domain, publisher email or id',
    emptyText: 'No website is waiting for review.',
    defaultSort: 'created',
    columns: [
      { key: 'domain', label: 'Website', kind: 'custom', sortable: true, searchable: true, primary: true },
      {
        key: 'publisher',
        label: 'Publisher',
        kind: 'person',
        field: 'publisherEmail',
        sortable: true,
        searchable: true,
      },
      { key: 'verification', label: 'Ownership', kind: 'verified' },
      { key: 'zones', label: 'Zones waiting', kind: 'number', field: 'pendingZones' },
      created('Submitted'),
    ],
    actions: [
      { key: 'approve', label: 'Approve', endpoint: 'websiteApprove' },
      { key: 'reject', label: 'Reject', danger: true, field: reason, endpoint: 'websiteReject' },
    ],
    bulk: approveSelected('websitesApprove'),
  },
  zones: {
    label: 'Ad zones waiting for review',
    searchHint: 'Domain, zone name, publisher email or id',
    emptyText: 'No ad zone is waiting for review.',
    defaultSort: 'created',
    columns: [
      { key: 'zone', label: 'Zone', kind: 'custom', searchable: true, primary: true },
      { key: 'domain', label: 'Website', kind: 'text', sortable: true, searchable: true },
      { key: 'format', label: 'Format', kind: 'custom', sortable: true },
      { key: 'publisher', label: 'Publisher', kind: 'person', field: 'publisherEmail', searchable: true },
      { key: 'verification', label: 'Ownership', kind: 'verified' },
      created('Submitted'),
    ],
    actions: [
      { key: 'approve', label: 'Approve', endpoint: 'zoneApprove' },
      { key: 'reject', label: 'Reject', danger: true, field: reason, endpoint: 'zoneReject' },
    ],
    bulk: approveSelected('zonesApprove'),
  },
  listings: {
    label: 'Listing requests',
    searchHint: 'Title, website or requester email',
    emptyText: 'No listing request is waiting.',
    defaultSort: 'created',
    columns: [
      { key: 'title', label: 'Listing', kind: 'custom', sortable: true, searchable: true, primary: true },
      { key: 'website', label: 'Website', kind: 'text', searchable: true },
      { key: 'owner', label: 'Requested by', kind: 'person', field: 'ownerEmail', searchable: true },
      { key: 'price', label: 'Price', kind: 'money', field: 'priceMicros', sortable: true },
      created('Requested'),
    ],
    actions: [
      { key: 'approve', label: 'Publish', endpoint: 'listingApprove' },
      { key: 'reject', label: 'Reject', danger: true, field: reason, endpoint: 'listingReject' },
    ],
  },
  documents: {
    label: 'Identity documents waiting for review',
    searchHint: 'Account email, name or id',
    emptyText: 'No identity document is waiting for review.',
    defaultSort: 'submitted',
    columns: [
      { key: 'account', label: 'Account', kind: 'custom', sortable: true, searchable: true, primary: true },
      { key: 'documents', label: 'Documents', kind: 'custom' },
      { key: 'submitted', label: 'Submitted', kind: 'date', field: 'submittedAt', sortable: true },
    ],
    actions: [
      { key: 'approve', label: 'Verify', endpoint: 'identityApprove' },
      { key: 'recheck', label: 'Ask again', danger: true, field: reason, endpoint: 'identityRecheck' },
      { key: 'reject', label: 'Reject', danger: true, field: reason, endpoint: 'identityReject' },
    ],
  },
  transfers: {
    label: 'Bank transfers awaiting confirmation',
    searchHint: 'Reference or account email',
    emptyText: 'No bank transfer is awaiting confirmation.',
    defaultSort: 'created',
    columns: [
      { key: 'reference', label: 'Reference', kind: 'mono', sortable: true, searchable: true, primary: true },
      { key: 'account', label: 'Account', kind: 'person', field: 'email', sortable: true, searchable: true },
      { key: 'amount', label: 'Expected', kind: 'money', field: 'amountMicros' },
      created('Created'),
    ],
    actions: [
      {
        key: 'confirm',
        label: 'Confirm',
        field: { kind: 'euros', label: 'Euros received', required: M.eurosRequired },
        endpoint: 'transferConfirm',
      },
    ],
  },
  payouts: {
    label: 'Payouts to send',
    searchHint: 'Account email or id',
    emptyText: 'No payout is waiting here.',
    defaultSort: 'requested',
    columns: [
      { key: 'account', label: 'Account', kind: 'custom', sortable: true, searchable: true, primary: true },
      { key: 'amount', label: 'Amount', kind: 'money', field: 'amountMicros', sortable: true },
      { key: 'method', label: 'Method', kind: 'custom', searchable: true },
      { key: 'destination', label: 'Destination', kind: 'mono' },
      { key: 'requested', label: 'Requested', kind: 'date', field: 'requestedAt', sortable: true },
      { key: 'reference', label: 'Sent', kind: 'custom' },
    ],
    tabs: {
      param: 'state',
      label: 'Payouts to show',
      options: [
        { value: 'requested', label: 'To send' },
        { value: 'sent', label: 'Sent, not arrived' },
      ],
    },
    actions: [
      {
        key: 'sent',
        label: 'Mark sent',
        field: { kind: 'text', label: 'Bank reference or transaction hash', required: M.referenceRequired },
        endpoint: 'payoutSent',
      },
      { key: 'complete', label: 'Mark completed', endpoint: 'payoutComplete' },
      { key: 'failed', label: 'Mark failed', danger: true, field: reason, endpoint: 'payoutFailed' },
    ],
  },
  marketplace: {
    label: 'Marketplace items to accept, deliver and settle',
    searchHint: 'Listing, buyer email or id',
    emptyText: 'No marketplace item is waiting for the network.',
    defaultSort: 'created',
    columns: [
      { key: 'listing', label: 'Listing', kind: 'custom', searchable: true, primary: true },
      { key: 'buyer', label: 'Buyer', kind: 'person', field: 'buyerEmail', searchable: true },
      { key: 'price', label: 'Price', kind: 'money', field: 'priceMicros', sortable: true },
      { key: 'status', label: 'State', kind: 'status', field: 'state', sortable: true },
      { key: 'due', label: 'Due', kind: 'custom' },
      created('Ordered'),
    ],
    actions: [
      { key: 'accept', label: 'Accept', endpoint: 'marketplaceAccept' },
      {
        key: 'deliver',
        label: 'Deliver',
        field: { kind: 'text', label: 'Published page', required: M.proofRequired },
        endpoint: 'marketplaceDeliver',
      },
      { key: 'deny', label: 'Deny', danger: true, field: reason, endpoint: 'marketplaceDeny' },
      { key: 'complete', label: 'Complete', endpoint: 'marketplaceComplete' },
      {
        key: 'refund',
        label: 'Refund',
        danger: true,
        field: { ...reason, description: 'The buyer and the seller read it.' },
        endpoint: 'marketplaceRefund',
      },
    ],
  },
  traffic: {
    label: 'Zones flagged for invalid traffic',
    searchHint: 'Domain or zone',
    emptyText: 'No zone is flagged for invalid traffic.',
    defaultSort: 'share',
    defaultDir: 'desc',
    columns: [
      { key: 'zone', label: 'Zone', kind: 'custom', searchable: true, primary: true },
      { key: 'domain', label: 'Website', kind: 'text', sortable: true, searchable: true },
      { key: 'filtered', label: 'Filtered', kind: 'number', sortable: true },
      { key: 'total', label: 'All events', kind: 'number' },
      { key: 'share', label: 'Share', kind: 'percent', sortable: true },
      { key: 'reasons', label: 'Reasons', kind: 'custom' },
    ],
    actions: [{ key: 'pause', label: 'Pause zone', danger: true, endpoint: 'zonePause' }],
  },
  deadletters: {
    label: 'Delivery events refused after every retry',
    searchHint: 'Id, error, impression or click, campaign or zone id',
    emptyText: 'No dead letter: every delivery event was recorded.',
    defaultSort: 'first',
    columns: [
      { key: 'event', label: 'Event', kind: 'custom', primary: true },
      { key: 'error', label: 'Error', kind: 'mono', searchable: true },
      { key: 'attempts', label: 'Attempts', kind: 'number', sortable: true },
      { key: 'first', label: 'First failure', kind: 'date', field: 'firstFailedAt', sortable: true },
      { key: 'last', label: 'Last failure', kind: 'date', field: 'lastFailedAt', sortable: true },
    ],
    actions: [{ key: 'retry', label: 'Retry', endpoint: 'deadLetterRetry' }],
  },
} as const satisfies Record<string, QueueDef>;

export type QueueName = keyof typeof QUEUE_DEFS;
type Columns<N extends QueueName> = (typeof QUEUE_DEFS)[N]['columns'][number];
/** A queue's sortable columns' keys: the `sort` its endpoint accepts. */
export type QueueSort<N extends QueueName> = Extract<Columns<N>, { sortable: true }>['key'];
/** A queue's searchable columns' keys. */
export type QueueSearchable<N extends QueueName> = Extract<Columns<N>, { searchable: true }>['key'];
/** A queue's actions' keys. */
export type QueueActionKey<N extends QueueName> = (typeof QUEUE_DEFS)[N]['actions'][number]['key'];

export const QUEUE_NAMES = Object.keys(QUEUE_DEFS) as QueueName[];

/** The `sort` values a queue accepts, its default first. */
export function queueSorts<N extends QueueName>(name: N): [QueueSort<N>, ...QueueSort<N>[]] {
  const def: QueueDef = QUEUE_DEFS[name];
  const others = def.columns.filter((c) => c.sortable && c.key !== def.defaultSort).map((c) => c.key);
  return [def.defaultSort, ...others] as [QueueSort<N>, ...QueueSort<N>[]];
}

/** Every queue's sorts (the first one is the default). */
export const QUEUE_SORTS = Object.fromEntries(QUEUE_NAMES.map((n) => [n, queueSorts(n)])) as unknown as {
  [N in QueueName]: readonly QueueSort<N>[];
};
