import { mkdtempSync, readdirSync, readFileSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GroupCommit } from '../stream';
import { encodeRecord, HEADER_BYTES, scanRecords } from './format';
import { Journal, type JournalOptions } from './journal';

const dirs: Journal[] = [];
const tempDir = () => mkdtempSync(path.join(tmpdir(), 'cryptads-journal-'));
async function openJournal(dir: string, segmentBytes = 1 << 20, opts: Omit<JournalOptions, 'segmentBytes'> = {}) {
  const journal = await Journal.open(dir, { segmentBytes, ...opts });
  dirs.push(journal);
  return journal;
}
const records = (from: number, n: number) =>
  // About the size of a real event (some 400 bytes).
  Array.from({ length: n }, (_, i) => ({
    id: `impression:${from + i}`,
    data: JSON.stringify({ n: from + i, pad: 'x'.repeat(360) }),
  }));
/** FileHandle's prototype, whose datasync a test holds or fails. */
async function fileHandlePrototype(dir: string) {
  const probe = await open(path.join(dir, 'probe'), 'w');
  await probe.close();
  return Object.getPrototypeOf(probe);
}
const segmentFiles = (dir: string) =>
  readdirSync(dir)
    .filter((n) => n.endsWith('.journal'))
    .sort();

afterEach(async () => {
  for (const journal of dirs.splice(0)) await journal.close();
});

describe('journal record format', () => {
  it('reads back the id and the event of each record, with where it starts and ends', () => {
    const bytes = Buffer.concat([encodeRecord('a', '{"x":1}'), encodeRecord('b', '{"x":2}')]);
    const scan = scanRecords(bytes, 1000);
    expect(scan.stop).toBe('end');
    expect(scan.records.map((r) => [r.id, r.data])).toEqual([
      ['a', '{"x":1}'],
      ['b', '{"x":2}'],
    ]);
    expect(scan.records[0]?.start).toBe(1000);
    expect(scan.records[1]?.end).toBe(1000 + bytes.length);
    expect(scan.validEnd).toBe(1000 + bytes.length);
  });

  it('stops before a torn last record: a header or a payload cut short', () => {
    const whole = encodeRecord('a', '{"x":1}');
    const second = encodeRecord('b', '{"x":2}');
    for (const cut of [3, HEADER_BYTES + 2, second.length - 1]) {
      const scan = scanRecords(Buffer.concat([whole, second.subarray(0, cut)]), 0);
      expect(scan.stop).toBe('torn');
      expect(scan.records.map((r) => r.id)).toEqual(['a']);
      expect(scan.validEnd).toBe(whole.length);
    }
  });

  it('stops at a record whose checksum does not match its bytes', () => {
    const damaged = encodeRecord('b', '{"x":2}');
    damaged.writeUInt8(damaged.readUInt8(damaged.length - 2) ^ 0xff, damaged.length - 2);
    const scan = scanRecords(Buffer.concat([encodeRecord('a', '{}'), damaged, encodeRecord('c', '{}')]), 0);
    expect(scan.stop).toBe('corrupt');
    expect(scan.records.map((r) => r.id)).toEqual(['a']);
  });
});

describe('journal segments', () => {
  it('makes a group readable only once its write and flush completed, and reads from any record position', async () => {
    const journal = await openJournal(tempDir());
    const group = journal.append(records(0, 3));
    expect((await journal.read(0, 10)).records).toEqual([]);
    await group;
    await journal.append(records(3, 2));
    const all = await journal.read(0, 10);
    expect(all.records.map((r) => r.id)).toEqual(records(0, 5).map((r) => r.id));
    expect(all.next).toBe(journal.end);
    const from = all.records[3]?.start ?? -1;
    const rest = await journal.read(from, 10);
    expect(rest.records.map((r) => r.id)).toEqual(['impression:3', 'impression:4']);
    const two = await journal.read(0, 2);
    expect(two.records).toHaveLength(2);
    expect(two.next).toBe(all.records[2]?.start);
  });

  it('group flush: appends within the window share one write and flush, and each waits for it', async () => {
    const journal = await openJournal(tempDir());
    const append = vi.spyOn(journal, 'append');
    const flush = new GroupCommit<{ id: string; data: string }>((group) => journal.append(group), {
      windowMs: 5,
      max: 1000,
    });
    let answered = 0;
    const answers = records(0, 50).map((r) => flush.add(r).then(() => answered++));
    expect(answered).toBe(0);
    await Promise.all(answers);
    expect(append).toHaveBeenCalledTimes(1);
    // Every answered record is readable (flushed) once its answer came.
    expect((await journal.read(0, 100)).records).toHaveLength(50);
  });

  it('answers after the write by default and flushes behind it; with sync fdatasync, after the flush', async () => {
    // The file handle's fdatasync, held until released: what each mode waits for shows.
    const flushes: Array<() => void> = [];
    const handleProto = await fileHandlePrototype(tempDir());
    const datasync = vi
      .spyOn(handleProto, 'datasync')
      .mockImplementation(() => new Promise<void>((resolve) => flushes.push(resolve)));
    try {
      const background = await openJournal(tempDir());
      await background.append(records(0, 2));
      expect(flushes).toHaveLength(1);
      // Written: readable (a killed process loses nothing), its flush still running.
      expect((await background.read(0, 10)).records).toHaveLength(2);
      // Writes during a flush share the next one: one flush at a time.
      await background.append(records(2, 2));
      await background.append(records(4, 2));
      expect(flushes).toHaveLength(1);
      flushes.shift()?.();
      await vi.waitFor(() => expect(flushes).toHaveLength(1));
      flushes.shift()?.();

      const strict = await openJournal(tempDir(), 1 << 20, { sync: 'fdatasync' });
      let done = false;
      const group = strict.append(records(0, 2)).then(() => {
        done = true;
      });
      await vi.waitFor(() => expect(flushes).toHaveLength(1));
      expect(done).toBe(false);
      flushes.shift()?.();
      await group;
      expect(done).toBe(true);
    } finally {
      datasync.mockRestore();
    }
  });

  it('starts background flushes at most every 10 ms, and flushes the last group written', async () => {
    const handleProto = await fileHandlePrototype(tempDir());
    const original = handleProto.datasync;
    const startedAt: number[] = [];
    const datasync = vi.spyOn(handleProto, 'datasync').mockImplementation(function (this: unknown) {
      startedAt.push(performance.now());
      return original.call(this);
    });
    try {
      const journal = await openJournal(tempDir());
      const groups = 40;
      for (let i = 0; i < groups; i++) await journal.append(records(i, 1));
      const lastWrittenAt = performance.now();
      await vi.waitFor(() => expect(startedAt.at(-1)).toBeGreaterThan(lastWrittenAt));
      expect(startedAt.length).toBeLessThan(groups);
      const gaps = startedAt.slice(1).map((t, i) => t - (startedAt[i] as number));
      // A flush per group would come within a millisecond or two of the last; timers may fire
      // up to a millisecond early by this clock.
      expect(Math.min(...gaps)).toBeGreaterThanOrEqual(8);
    } finally {
      datasync.mockRestore();
    }
  });

  it('after a background flush failed, says so and starts a new segment for the next group', async () => {
    const dir = tempDir();
    const errors: string[] = [];
    const journal = await openJournal(dir, 1 << 20, {
      log: { warn: () => undefined, error: (_o, m) => errors.push(m) },
    });
    await journal.append(records(0, 2));
    const handleProto = await fileHandlePrototype(dir);
    const datasync = vi.spyOn(handleProto, 'datasync').mockRejectedValueOnce(new Error('EIO: i/o error, fdatasync'));
    try {
      await journal.append(records(2, 2));
      await vi.waitFor(() => expect(errors).toHaveLength(1));
      expect(errors[0]).toMatch(/background fdatasync failed/);
      await journal.append(records(4, 2));
      expect(segmentFiles(dir)).toHaveLength(2);
      expect((await journal.read(0, 10)).records.map((r) => r.id)).toEqual(records(0, 6).map((r) => r.id));
    } finally {
      datasync.mockRestore();
    }
  });

  it('after a crash drops a torn tail and appends after the last whole record', async () => {
    const dir = tempDir();
    const first = await openJournal(dir);
    await first.append(records(0, 4));
    const end = first.end;
    await first.close();
    const [file] = segmentFiles(dir);
    const segment = path.join(dir, file ?? '');
    // Half of a fifth record reached the disk before the kill.
    writeFileSync(segment, encodeRecord('impression:torn', '{"n":99}').subarray(0, 13), { flag: 'a' });
    expect(statSync(segment).size).toBe(end + 13);
    const reopened = await openJournal(dir);
    expect(reopened.end).toBe(end);
    expect(statSync(segment).size).toBe(end);
    await reopened.append(records(4, 1));
    const ids = (await reopened.read(0, 10)).records.map((r) => r.id);
    expect(ids).toEqual(records(0, 5).map((r) => r.id));
  });

  it('after a crash drops a last record whose checksum does not match', async () => {
    const dir = tempDir();
    const first = await openJournal(dir);
    await first.append(records(0, 3));
    const [file] = segmentFiles(dir);
    const segment = path.join(dir, file ?? '');
    const bytes = readFileSync(segment);
    const lastStart = (await first.read(0, 3)).records[2]?.start ?? 0;
    await first.close();
    bytes.writeUInt8(bytes.readUInt8(bytes.length - 1) ^ 0xff, bytes.length - 1);
    writeFileSync(segment, bytes);
    const reopened = await openJournal(dir);
    expect(reopened.end).toBe(lastStart);
    expect((await reopened.read(0, 10)).records.map((r) => r.id)).toEqual(['impression:0', 'impression:1']);
  });

  it('rotates segments at their size, reads across them, and deletes those wholly released', async () => {
    const dir = tempDir();
    const journal = await openJournal(dir, 64 * 1024);
    for (let g = 0; g < 30; g++) await journal.append(records(g * 100, 100));
    expect(segmentFiles(dir).length).toBeGreaterThan(3);
    const all = await journal.read(0, 5000);
    expect(all.records).toHaveLength(3000);
    expect(new Set(all.records.map((r) => r.id)).size).toBe(3000);
    // Positions keep growing across segments: each record starts where the previous ended.
    for (let i = 1; i < all.records.length; i++) expect(all.records[i]?.start).toBe(all.records[i - 1]?.end);

    const half = all.records[1500]?.start ?? 0;
    const before = segmentFiles(dir);
    await journal.release(half);
    const after = segmentFiles(dir);
    expect(after.length).toBeLessThan(before.length);
    expect(journal.start).toBeLessThanOrEqual(half);
    expect((await journal.read(half, 5000)).records.map((r) => r.id)).toEqual(all.records.slice(1500).map((r) => r.id));
    // The segment written to is never deleted, even when everything was released.
    await journal.release(journal.end);
    expect(segmentFiles(dir)).toHaveLength(1);
    await journal.append(records(9000, 1));
    expect((await journal.read(journal.start, 1000)).records.map((r) => r.id).at(-1)).toBe('impression:9000');
  });

  it('reopened, goes on from the last segment with positions that keep growing', async () => {
    const dir = tempDir();
    const first = await openJournal(dir, 64 * 1024);
    for (let g = 0; g < 10; g++) await first.append(records(g * 100, 100));
    const end = first.end;
    await first.close();
    const second = await openJournal(dir, 64 * 1024);
    expect(second.end).toBe(end);
    await second.append(records(1000, 1));
    const tail = await second.read(end, 10);
    expect(tail.records.map((r) => r.id)).toEqual(['impression:1000']);
    expect(tail.records[0]?.start).toBe(end);
  });

  it('skips damaged bytes at the end of a sealed segment and reads on in the next', async () => {
    const dir = tempDir();
    const first = await openJournal(dir, 64 * 1024);
    for (let g = 0; g < 3; g++) await first.append(records(g * 200, 200));
    await first.close();
    const [oldest] = segmentFiles(dir);
    const file = path.join(dir, oldest ?? '');
    truncateSync(file, statSync(file).size - 5);
    const reopened = await openJournal(dir, 64 * 1024);
    const ids = (await reopened.read(0, 10_000)).records.map((r) => r.id);
    // Only the last record of the damaged segment is gone; the next segment is read whole.
    expect(segmentFiles(dir).length).toBeGreaterThan(1);
    expect(ids.length).toBe(599);
    expect(ids).toContain('impression:599');
    expect(ids).toContain('impression:0');
  });
});
