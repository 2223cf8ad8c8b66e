import { type FileHandle, mkdir, open, readdir, unlink } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import path from 'node:path';
import { encodeRecord, HEADER_BYTES, type JournalRecord, MAX_PAYLOAD_BYTES, scanRecords } from './format';

/**
 * An append-only journal in a directory of segment files (docs/decisions/039): the embedded
 * database's delivery stream. A position is a byte offset in the whole journal; a segment is
 * named by the position of its first byte (20 digits, `.journal`), so positions keep growing
 * across rotations and restarts. `append` writes a group of records with one write, and with
 * `sync: 'fdatasync'` one fdatasync before it resolves; with `sync: 'write'` (the default,
 * docs/decisions/054) the fdatasync follows in the background, at most one at a time. Records
 * are readable once written (`read` never sees bytes a write did not finish).
 */

const SUFFIX = '.journal';
/**
 * Background flushes start at most this often (ms): a flush per group (one every 2 ms under
 * load) cost the main thread a call each and the disk a cache flush each, for a power-cut
 * window that stays this short anyway (docs/decisions/054).
 */
const SYNC_EVERY_MS = 10;
/** Bytes read per look at a segment: a batch of events, and always one whole record. */
const READ_CHUNK_BYTES = 4 << 20;

type Segment = {
  base: number;
  file: string;
  /** Readable bytes: flushed (the current segment) or the whole file (sealed ones). */
  size: number;
};

export type JournalOptions = {
  /** A segment that reached this size is sealed; the next group starts a new one. */
  segmentBytes: number;
  /**
   * When `append` resolves: with `fdatasync`, after the group's fdatasync (a power cut loses
   * nothing appended); with `write` (the default), after its write (in the kernel's cache: a
   * killed process loses nothing appended; a power cut may lose what the background fdatasync
   * had not reached). The same values as DELIVERY_JOURNAL_SYNC.
   */
  sync?: 'write' | 'fdatasync';
  log?: { warn: (o: object, m: string) => void; error?: (o: object, m: string) => void };
};

const segmentName = (base: number) => `${String(base).padStart(20, '0')}${SUFFIX}`;

async function syncDirectory(dir: string) {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function readAt(file: string, offset: number, length: number): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.allocUnsafe(length);
    const { bytesRead } = await handle.read(buffer, 0, length, offset);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

export class Journal {
  /** Oldest first; the last one is written to. */
  private readonly segments: Segment[];
  private current: FileHandle;
  /** A write failed part way: the next group starts a new segment after the last whole record. */
  private sealNext = false;
  private closed = false;
  /** The background fdatasync in flight (sync: 'write'), and whether a write came after it began. */
  private syncing: Promise<void> | null = null;
  private syncAgain = false;
  /** When the last background fdatasync started (performance.now()). */
  private lastSyncAt = Number.NEGATIVE_INFINITY;
  /** Sealed segments whose last fdatasync and close run in the background. */
  private readonly sealing = new Set<Promise<void>>();

  private constructor(
    private readonly dir: string,
    segments: Segment[],
    current: FileHandle,
    private readonly opts: JournalOptions,
  ) {
    this.segments = segments;
    this.current = current;
  }

  /**
   * Opens the journal in `dir` (created when missing). The last segment is scanned and cut
   * after its last whole record: a torn tail left by a crash is dropped before anything is
   * appended behind it.
   */
  static async open(dir: string, opts: JournalOptions): Promise<Journal> {
    await mkdir(dir, { recursive: true });
    const names = (await readdir(dir)).filter((n) => /^\d{20}\.journal$/.test(n)).sort();
    const segments: Segment[] = [];
    for (const name of names) {
      const file = path.join(dir, name);
      const handle = await open(file, 'r');
      const size = (await handle.stat()).size;
      await handle.close();
      segments.push({ base: Number(name.slice(0, 20)), file, size });
    }
    if (!segments.length) {
      const file = path.join(dir, segmentName(0));
      await (await open(file, 'w')).close();
      await syncDirectory(dir);
      segments.push({ base: 0, file, size: 0 });
    }
    const last = segments[segments.length - 1] as Segment;
    const whole = await readAt(last.file, 0, last.size);
    const scan = scanRecords(whole, last.base);
    const validSize = scan.validEnd - last.base;
    const handle = await open(last.file, 'r+');
    if (validSize < last.size) {
      opts.log?.warn(
        { segment: path.basename(last.file), droppedBytes: last.size - validSize, reason: scan.stop },
        'delivery journal: dropped the torn tail left by a crash',
      );
      await handle.truncate(validSize);
      await handle.datasync();
      last.size = validSize;
    }
    return new Journal(dir, segments, handle, opts);
  }

  private get last(): Segment {
    return this.segments[this.segments.length - 1] as Segment;
  }

  /** The position just after the last flushed record. */
  get end(): number {
    return this.last.base + this.last.size;
  }

  /** The position of the oldest byte still kept. */
  get start(): number {
    return (this.segments[0] as Segment).base;
  }

  /** Segment files kept (tests, status). */
  get segmentCount(): number {
    return this.segments.length;
  }

  /**
   * Writes the records of one group with one write; resolves once they are written and, with
   * `sync: 'fdatasync'`, flushed to disk. Callers serialise appends (one group at a time: GroupCommit).
   */
  async append(records: readonly { id: string; data: string }[]): Promise<void> {
    if (this.closed) throw new Error('delivery journal closed');
    if (!records.length) return;
    const bytes = Buffer.concat(records.map((r) => encodeRecord(r.id, r.data)));
    if (this.sealNext || this.last.size >= this.opts.segmentBytes) await this.rotate();
    const segment = this.last;
    try {
      const { bytesWritten } = await this.current.write(bytes, 0, bytes.length, segment.size);
      if (bytesWritten !== bytes.length) throw new Error('delivery journal: short write');
      if (this.opts.sync === 'fdatasync') await this.current.datasync();
      else this.syncInBackground();
    } catch (error) {
      // What was written may be partly on disk: it stays unread behind the segment's size, and
      // the next group starts a new segment rather than append behind it.
      this.sealNext = true;
      throw error;
    }
    segment.size += bytes.length;
  }

  /**
   * One fdatasync of the current segment at a time, starting at most every SYNC_EVERY_MS; a
   * write during one gets the next. A failed flush seals the segment (what the kernel could not
   * write back is of unknown state on disk): the next group starts a new one.
   */
  private syncInBackground() {
    if (this.syncing) {
      this.syncAgain = true;
      return;
    }
    const handle = this.current;
    const wait = this.lastSyncAt + SYNC_EVERY_MS - performance.now();
    this.syncing = (wait > 0 ? sleep(Math.ceil(wait)) : Promise.resolve())
      .then(() => {
        this.lastSyncAt = performance.now();
        return handle.datasync();
      })
      .catch((error: unknown) => {
        if (handle === this.current) this.sealNext = true;
        this.opts.log?.error?.(
          { err: String((error as Error)?.message ?? error) },
          'delivery journal: a background fdatasync failed; the next group starts a new segment',
        );
      })
      .finally(() => {
        this.syncing = null;
        if (this.syncAgain && !this.closed) {
          this.syncAgain = false;
          this.syncInBackground();
        }
      });
  }

  /** Seals the current segment at its written size and starts the next one at the journal's end. */
  private async rotate() {
    const base = this.end;
    const file = path.join(this.dir, segmentName(base));
    const next = await open(file, 'w+');
    await syncDirectory(this.dir);
    const previous = this.current;
    const flushing = this.syncing;
    this.current = next;
    this.syncing = null;
    this.syncAgain = false;
    this.segments.push({ base, file, size: 0 });
    this.sealNext = false;
    // The sealed segment's last flush (background mode), then its close, without holding the next group.
    const seal = (async () => {
      await flushing;
      if (this.opts.sync !== 'fdatasync') await previous.datasync().catch(() => undefined);
      await previous.close().catch(() => undefined);
    })();
    this.sealing.add(seal);
    void seal.finally(() => this.sealing.delete(seal));
  }

  /**
   * Up to `max` whole records from position `from` (a record's start), and the position to
   * read next. A sealed segment that ends in bytes that are not records (damaged on disk) is
   * left at its last whole record: reading goes on with the next segment.
   */
  async read(from: number, max: number): Promise<{ records: JournalRecord[]; next: number }> {
    const records: JournalRecord[] = [];
    let position = from;
    while (records.length < max) {
      const index = this.segments.findLastIndex((s) => s.base <= position);
      const segment = this.segments[index];
      if (!segment) break;
      const offset = position - segment.base;
      const available = segment.size - offset;
      const following = this.segments[index + 1];
      if (available <= 0) {
        if (!following) break;
        position = following.base;
        continue;
      }
      const length = Math.min(available, Math.max(READ_CHUNK_BYTES, HEADER_BYTES + MAX_PAYLOAD_BYTES));
      const bytes = await readAt(segment.file, offset, length);
      const scan = scanRecords(bytes, position, max - records.length);
      records.push(...scan.records);
      position = scan.validEnd;
      if (scan.stop !== 'end' && !scan.records.length) {
        // Nothing whole here: damaged bytes in a sealed segment (the current one holds only flushed records).
        if (!following) break;
        this.opts.log?.warn(
          { segment: path.basename(segment.file), skippedBytes: segment.size - offset, reason: scan.stop },
          'delivery journal: skipped damaged bytes at the end of a sealed segment',
        );
        position = following.base;
      }
      if (!scan.records.length && scan.stop === 'end' && bytes.length === 0) break;
    }
    return { records, next: position };
  }

  /** Deletes the sealed segments wholly before `position` (consumed and committed). */
  async release(position: number) {
    while (this.segments.length > 1) {
      const [oldest, following] = this.segments as [Segment, Segment];
      if (following.base > position) break;
      this.segments.shift();
      await unlink(oldest.file).catch(() => undefined);
    }
  }

  /** Proves the disk takes a flush again (after a failed append). */
  async probe() {
    await this.current.datasync();
  }

  /** Flushes what was written (the background fdatasync included) and closes the segments. */
  async close() {
    if (this.closed) return;
    this.closed = true;
    await this.syncing;
    await Promise.all(this.sealing);
    await this.current.datasync().catch(() => undefined);
    await this.current.close().catch(() => undefined);
  }
}
