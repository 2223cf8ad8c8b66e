import { crc32 } from 'node:zlib';

/**
 * The record format of the delivery journal (docs/decisions/039-embedded-delivery-journal.md):
 *
 *   u32 LE  payload length
 *   u32 LE  crc32 of the payload
 *   payload: u16 LE id length, the event's id (UTF-8), the event as JSON (UTF-8)
 *
 * A crash can leave the last record of the last segment half written (a torn tail): its length
 * runs past the end of the file, or its checksum does not match. Either way the scan stops at
 * the last whole record; nothing after it was ever answered for (its group's flush had not
 * completed).
 */

export const HEADER_BYTES = 8;
/** No event comes near this; a larger length is garbage, not a record. */
export const MAX_PAYLOAD_BYTES = 1 << 20;

/** One record as read back: where it starts and ends in the journal, its id and its event. */
export type JournalRecord = { start: number; end: number; id: string; data: string };

/** Why a scan stopped before the end of its bytes. */
export type ScanStop = 'end' | 'torn' | 'corrupt';

export function encodeRecord(id: string, data: string): Buffer {
  const idBytes = Buffer.from(id, 'utf8');
  const dataBytes = Buffer.from(data, 'utf8');
  const payloadLength = 2 + idBytes.length + dataBytes.length;
  if (idBytes.length > 0xffff || payloadLength > MAX_PAYLOAD_BYTES) throw new Error('journal record too large');
  const record = Buffer.allocUnsafe(HEADER_BYTES + payloadLength);
  record.writeUInt32LE(payloadLength, 0);
  record.writeUInt16LE(idBytes.length, HEADER_BYTES);
  idBytes.copy(record, HEADER_BYTES + 2);
  dataBytes.copy(record, HEADER_BYTES + 2 + idBytes.length);
  record.writeUInt32LE(crc32(record.subarray(HEADER_BYTES)), 4);
  return record;
}

/**
 * The whole records of `bytes`, which start at journal position `base`, up to `max` of them.
 * `validEnd` is the position just after the last whole record read; `stop` says why the scan
 * ended: the bytes ran out cleanly ('end', also when `max` was reached), a record runs past
 * them ('torn'), or a record is not one ('corrupt': impossible length or checksum mismatch).
 */
export function scanRecords(
  bytes: Buffer,
  base: number,
  max = Number.POSITIVE_INFINITY,
): { records: JournalRecord[]; validEnd: number; stop: ScanStop } {
  const records: JournalRecord[] = [];
  let offset = 0;
  let stop: ScanStop = 'end';
  while (offset < bytes.length && records.length < max) {
    if (bytes.length - offset < HEADER_BYTES) {
      stop = 'torn';
      break;
    }
    const length = bytes.readUInt32LE(offset);
    if (length < 2 || length > MAX_PAYLOAD_BYTES) {
      stop = 'corrupt';
      break;
    }
    if (bytes.length - offset - HEADER_BYTES < length) {
      stop = 'torn';
      break;
    }
    const payload = bytes.subarray(offset + HEADER_BYTES, offset + HEADER_BYTES + length);
    const idLength = payload.readUInt16LE(0);
    if (crc32(payload) !== bytes.readUInt32LE(offset + 4) || 2 + idLength > length) {
      stop = 'corrupt';
      break;
    }
    const end = offset + HEADER_BYTES + length;
    records.push({
      start: base + offset,
      end: base + end,
      id: payload.toString('utf8', 2, 2 + idLength),
      data: payload.toString('utf8', 2 + idLength),
    });
    offset = end;
  }
  return { records, validEnd: base + offset, stop };
}
