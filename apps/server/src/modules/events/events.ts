import type { Db, Tx } from '../../db/client';
import { domainEvents } from '../../db/schema/events';

/**
 * Domain events (docs/decisions/010-domain-events.md): written in the same
 * transaction as the change they describe, into an outbox table, and handled after commit by
 * the event worker (./worker.ts: notifications, referral rewards, campaign reactivation, the
 * delivery index). A failing handler never rolls back the change that caused it, and is retried.
 */
export type DomainEvent =
  /** A campaign, its creatives or its exclusion list changed (any status change included). */
  | { type: 'campaign.changed'; campaignId: number; ownerId: number }
  /** A website or its preferences changed (status, categories, verification). */
  | { type: 'website.changed'; websiteId: number; ownerId: number }
  /** A zone changed (status, alias). */
  | { type: 'zone.changed'; zoneId: number; websiteId: number }
  /** An advertiser's global blacklist changed. */
  | { type: 'blacklist.changed'; ownerId: number }
  /** An account was disabled, enabled or deleted. */
  | { type: 'account.changed'; userId: number }
  /**
   * A user's row or sessions changed in a way the auth check reads (password, email
   * confirmation, 2FA, an accepted TOTP step, logout, terms, KYC): the session caches of every
   * process forget the user when it commits (modules/sessions/cache.ts). No worker handler.
   */
  | { type: 'user.changed'; userId: number }
  /**
   * Money arrived in a user's available balance (deposit, credit, refund, referral reward);
   * `reason` is the ledger kind. Publisher earnings are not announced (one per batch).
   */
  | { type: 'balance.credited'; userId: number; amountMicros: string; reason: string }
  /** An advertiser's balance went under the low-balance threshold (the pinned notice was written). */
  | { type: 'balance.low'; userId: number; balanceMicros: string }
  /** Ad spend was debited from an advertiser in a recorded batch. */
  | { type: 'spend.recorded'; userId: number; amountMicros: string }
  /** At the current pace of all their campaigns, the advertiser's balance runs out within 72 hours (once until topped up). */
  | { type: 'balance.runout'; userId: number; balanceMicros: string; runOutAt: string }
  /** A customer sent a document for review (billing profile): operators are told. */
  | { type: 'kyc.submitted'; userId: number; documentId: string }
  /** The identity review decided (KYC provider or operator): the customer is told, with the reason. */
  | { type: 'kyc.reviewed'; userId: number; outcome: 'approved' | 'rejected' | 'retry'; reason: string | null }
  /** A publisher saved where payouts go: the customer is told (a change they did not make must stand out). */
  | { type: 'withdraw-options.saved'; userId: number; method: string }
  /** The VAT re-check job got VIES's answer for a saved VAT code. */
  | { type: 'vat.checked'; userId: number; status: 'valid' | 'invalid' }
  /**
   * A deposit was paid and credited once (deposits module); micro-euros as strings: the amount
   * credited, the processing fee, the VAT and the total charged. The invoices module bills it.
   */
  | {
      type: 'deposit.paid';
      paymentId: string;
      userId: number;
      amountMicros: string;
      feeMicros: string;
      vatMicros: string;
      totalMicros: string;
      /** 'crypto' | 'card' | 'bank_transfer' (DepositMethod). */
      method: string;
      /** 'sandbox' | 'stripe' | 'coingate' | 'bank'. */
      provider: string;
    }
  /** A payout was created for a publisher with autoInvoicing on: the invoices module issues its self-billing invoice. */
  | { type: 'payout.requested'; payoutId: number; userId: number; amountMicros: string }
  /** A payout was made or moved on (requested, sent, completed, failed): the publisher is told. */
  | { type: 'payout.changed'; payoutId: number; userId: number; status: 'requested' | 'sent' | 'completed' | 'failed' }
  /**
   * A paid marketplace item moved on (docs/decisions/018): accepted, delivered (with its proof
   * check), completed (the seller is paid), denied or expired (the buyer is refunded), or its
   * daily proof re-check found the page broken. Buyer and seller are told; `by` says who did it.
   */
  | {
      type: 'marketplace.item.changed';
      itemId: number;
      step: 'accepted' | 'delivered' | 'completed' | 'denied' | 'expired' | 'proof-broken';
      by: 'seller' | 'buyer' | 'timer' | 'operator';
    }
  /**
   * A marketplace order was paid (wallet, card or crypto): each item's price is held in
   * escrow and waits for its seller to accept (modules/marketplace-orders). Sellers are told;
   * trending counts the order.
   */
  | { type: 'marketplace.order.paid'; orderId: number; buyerId: number }
  /** An operator approved (published) or rejected a publisher's listing request: the owner is told. */
  | { type: 'marketplace.listing.reviewed'; listingId: number; ownerId: number; outcome: 'approved' | 'rejected' };

export type DomainEventType = DomainEvent['type'];
export type EventOf<T extends DomainEventType> = Extract<DomainEvent, { type: T }>;

/** The events a transaction wrote, its savepoints' included, by its top-level transaction (onCommit). */
const emittedIn = new WeakMap<object, DomainEvent[]>();
/** A transaction or savepoint handed out by onCommit → the key of its top-level transaction. */
const rootOf = new WeakMap<object, object>();

/** Writes an event into the outbox, in the caller's transaction. */
export async function emitEvent(tx: Tx, event: DomainEvent): Promise<void> {
  await emitEvents(tx, [event]);
}

/** Writes several events in one statement (the recorder: one per advertiser of a batch). */
export async function emitEvents(tx: Tx, events: readonly DomainEvent[]): Promise<void> {
  if (events.length === 0) return;
  await tx.insert(domainEvents).values(events.map((event) => ({ type: event.type, payload: event })));
  const root = rootOf.get(tx);
  if (root) emittedIn.set(root, [...(emittedIn.get(root) ?? []), ...events]);
}

/** Called once a transaction that wrote events committed, with those events; never throws. */
export type CommitListener = (events: readonly DomainEvent[]) => Promise<void> | void;

/**
 * The database the services get: after a transaction that emitted events commits, `listener`
 * runs with them before `transaction()` returns to its caller, so what it does (the session
 * caches forget a changed user, the in-process worker wakes) is done before the request that
 * made the change answers. Events written in a savepoint (`tx.transaction`, the operator
 * runner's commands) count for the top-level transaction; a rolled-back savepoint's events may
 * still be announced, which costs a spurious wake or cache miss, never a stale read. A
 * transaction that rolls back announces nothing; its events never existed.
 */
export function onCommit(db: Db, listener: CommitListener): Db {
  const wrapped = Object.create(db) as Db;
  wrapped.transaction = (async (work, config) => {
    const root = {};
    const result = await db.transaction((tx) => work(tracked(tx, root)), config);
    const events = emittedIn.get(root);
    if (events) await listener(events);
    return result;
  }) as Db['transaction'];
  return wrapped;
}

/** The transaction as its work sees it: its savepoints report their events to `root` too. */
function tracked(tx: Tx, root: object): Tx {
  const view = Object.create(tx) as Tx;
  rootOf.set(view, root);
  view.transaction = ((work: (inner: Tx) => Promise<unknown>) =>
    tx.transaction((inner) => work(tracked(inner, root)))) as Tx['transaction'];
  return view;
}
