import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { deliveryJournalPositions } from '../../db/schema/delivery-stream';
import { Journal } from './journal/journal';
import { BatchError, type DeliveryStream, encodeEvent, receiptKey, type StreamEntry } from './stream';
import { freshEntries, voidEvents } from './stream-receipts';
import type { DeliveryEvent } from './types';

/** The row of delivery_journal_positions this journal's consumer keeps (unless named otherwise). */
const JOURNAL_NAME = 'delivery';
/** Before any record was read: a guess of a record's size, for the backlog's count. */
const TYPICAL_RECORD_BYTES = 420;

export type JournalStreamOptions = {
  /** Appends within this window share one write (and one fdatasync) (ms). */
  flushMs: number;
  segmentBytes: number;
  /** When an answer may go: after the group's write (`write`: the fdatasync follows) or its fdatasync (`fdatasync`). */
  sync?: 'write' | 'fdatasync';
  /** Its row in delivery_journal_positions (default 'delivery'; tests keep journals apart). */
  name?: string;
  log?: { warn: (o: object, m: string) => void; error: (o: object, m: string) => void };
};

/** An entry's id: the journal positions where its record starts and ends. */
const entryId = (start: number, end: number) => `${start}-${end}`;
function bounds(entry: StreamEntry): { start: number; end: number } {
  const [start, end] = entry.id.split('-').map(Number);
  return { start: start ?? 0, end: end ?? 0 };
}

/**
 * The stream of the embedded default (docs/decisions/039-embedded-delivery-journal.md): an
 * append-only journal in DATA_DIR/journal. A group of appends is one write, and the answers
 * wait for it, so an answered event survives the process (docs/decisions/054: its fdatasync
 * follows in the background unless DELIVERY_JOURNAL_SYNC=fdatasync makes the answers wait for
 * it too). The consumer reads from the position the database last committed, records a batch and moves the position past it IN THE
 * SAME TRANSACTION: committed, the events are recorded and the position passed them; rolled
 * back or killed, neither. At start it goes on from that position: exactly once. Receipts
 * (./stream-receipts.ts) are written as on the other backends, so an append that failed can be
 * voided before /serve answers "no ad", and a journal found behind its position (restored from
 * an older copy) records nothing twice.
 */
export class JournalStream implements DeliveryStream {
  readonly kind = 'journal' as const;
  readonly appendWindowMs: number;
  /** The committed position (null: not read from the database yet). */
  private cursor: number | null = null;
  private recordBytes = TYPICAL_RECORD_BYTES;
  private readonly name: string;

  private constructor(
    readonly journal: Journal,
    private readonly db: Db,
    private readonly opts: JournalStreamOptions,
  ) {
    this.appendWindowMs = opts.flushMs;
    this.name = opts.name ?? JOURNAL_NAME;
  }

  static async open(dir: string, db: Db, opts: JournalStreamOptions): Promise<JournalStream> {
    return new JournalStream(
      await Journal.open(dir, { segmentBytes: opts.segmentBytes, sync: opts.sync, log: opts.log }),
      db,
      opts,
    );
  }

  async append(events: readonly DeliveryEvent[]): Promise<void> {
    await this.journal.append(events.map((e) => ({ id: receiptKey(e), data: JSON.stringify(encodeEvent(e)) })));
  }

  /**
   * The committed position, read once. One outside the journal (the journal deleted or
   * restored apart from the database) starts from the oldest record kept: receipts drop what
   * was recorded already.
   */
  private async position(): Promise<number> {
    if (this.cursor !== null) return this.cursor;
    const rows = (await this.db.execute(
      sql`select position from ${deliveryJournalPositions} where journal = ${this.name}`,
    )) as unknown as { rows: { position: string | number }[] };
    const stored = rows.rows[0] ? Number(rows.rows[0].position) : this.journal.start;
    const inside = stored >= this.journal.start && stored <= this.journal.end;
    if (!inside)
      this.opts.log?.error(
        { position: stored, start: this.journal.start, end: this.journal.end },
        'delivery journal: the recorded position is outside the journal; replaying all of it',
      );
    this.cursor = inside ? stored : this.journal.start;
    return this.cursor;
  }

  private async commitPosition(tx: Tx, position: number) {
    await tx.execute(
      sql`insert into ${deliveryJournalPositions} (journal, position, updated_at)
        values (${this.name}, ${position}, now())
        on conflict (journal) do update set position = greatest(${deliveryJournalPositions.position}, excluded.position),
          updated_at = excluded.updated_at`,
    );
  }

  private advanced(position: number) {
    this.cursor = Math.max(this.cursor ?? 0, position);
  }

  async process<R>(
    work: { max: number; only?: readonly StreamEntry[] },
    record: (tx: Tx, entries: StreamEntry[]) => Promise<R>,
  ) {
    let taken: StreamEntry[] = [];
    try {
      const from = await this.position();
      if (work.only) {
        taken = work.only.filter((e) => bounds(e).start >= from);
      } else {
        const read = await this.journal.read(from, work.max);
        taken = read.records.map((r) => ({ id: entryId(r.start, r.end), data: r.data }));
        if (read.records.length) this.recordBytes = Math.ceil((read.next - from) / read.records.length);
        // Damaged bytes skipped and nothing whole behind them yet: go on from there next time.
        if (!taken.length && read.next > from) this.advanced(read.next);
      }
      const last = taken[taken.length - 1];
      if (!last) return null;
      const end = bounds(last).end;
      const result = await this.db.transaction(async (tx) => {
        const fresh = await freshEntries(tx, taken);
        const recorded = fresh.length ? await record(tx, fresh) : null;
        await this.commitPosition(tx, end);
        return recorded;
      });
      this.advanced(end);
      await this.journal.release(end);
      return { entries: taken, result };
    } catch (error) {
      throw new BatchError(taken, error);
    }
  }

  /** The dead letter and the position past its entry, in one transaction. */
  async deadLetter(entry: StreamEntry, write: (tx: Tx) => Promise<void>) {
    const end = bounds(entry).end;
    await this.db.transaction(async (tx) => {
      await write(tx);
      await this.commitPosition(tx, end);
    });
    this.advanced(end);
    await this.journal.release(end);
  }

  /** Entries waiting: exact when none are, else estimated from the bytes left and a record's size. */
  async backlog(): Promise<number> {
    const bytes = this.journal.end - (await this.position());
    return bytes > 0 ? Math.max(1, Math.round(bytes / this.recordBytes)) : 0;
  }

  probe() {
    return this.journal.probe();
  }

  voidEvents(events: readonly DeliveryEvent[]) {
    return voidEvents(this.db, events);
  }

  close() {
    return this.journal.close();
  }
}
