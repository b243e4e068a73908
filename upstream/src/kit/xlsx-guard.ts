import { promisify } from 'node:util';
import { inflateRaw } from 'node:zlib';
import { XLSX_LIMITS } from '@contract/imports';

/**
 * Checks an XLSX file (a ZIP) against hard limits before any spreadsheet library reads it, so a small file that
 * unpacks to gigabytes (a "zip bomb", or one huge cell) is refused with a code instead of taking the server's memory:
 *
 * - the archive's own structure: one central directory, entries laid end to end from the first byte (nothing hidden
 *   between them for a streaming reader to find), stored or deflated only, no encryption, no ZIP64;
 * - at most `entries` entries, each at most `entryBytes` unpacked, all together at most `totalBytes`, and an entry
 *   over 1 MiB packed at most `ratio` times;
 * - the sizes an entry declares are what it unpacks to: it is inflated with that size as a hard output limit;
 * - in the worksheets and the shared strings, no cell or string item over `cellBytes` of XML, at most `sharedStrings`
 *   string items and at most `rows` rows per sheet.
 *
 * A refusal is an `XlsxRefusal` carrying the validation code and its limit.
 */
export type XlsxLimits = { readonly [K in keyof typeof XLSX_LIMITS]: number };

export class XlsxRefusal extends Error {
  constructor(
    readonly code: XlsxRefusalCode,
    readonly limit?: number,
  ) {
    super(code);
  }
}
export type XlsxRefusalCode =
  'importUnreadable' | 'importZipTooLarge' | 'importZipRatio' | 'importZipEntries' | 'importCellTooLarge' | 'importTooManyStrings' | 'importTooManyRows';

const inflate = promisify(inflateRaw) as (buffer: Buffer, options: { maxOutputLength: number }) => Promise<Buffer>;
const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const DESCRIPTOR = 0x08074b50;
const RATIO_FLOOR = 1024 * 1024;

interface Entry {
  name: string;
  flags: number;
  method: number;
  packed: number;
  size: number;
  offset: number;
}

const unreadable = () => new XlsxRefusal('importUnreadable');

function centralDirectory(zip: Buffer, limits: XlsxLimits): { entries: Entry[]; start: number } {
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (zip.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw unreadable();
  const count = zip.readUInt16LE(eocd + 10);
  const size = zip.readUInt32LE(eocd + 12);
  const start = zip.readUInt32LE(eocd + 16);
  if (count === 0xffff || start === 0xffffffff || size === 0xffffffff) throw unreadable(); // ZIP64: never needed within the upload limit
  if (count > limits.entries) throw new XlsxRefusal('importZipEntries', limits.entries);
  if (start + size > eocd) throw unreadable();
  const entries: Entry[] = [];
  let at = start;
  for (let i = 0; i < count; i++) {
    if (at + 46 > eocd || zip.readUInt32LE(at) !== CENTRAL) throw unreadable();
    const nameLength = zip.readUInt16LE(at + 28);
    const entry = {
      flags: zip.readUInt16LE(at + 8),
      method: zip.readUInt16LE(at + 10),
      packed: zip.readUInt32LE(at + 20),
      size: zip.readUInt32LE(at + 24),
      offset: zip.readUInt32LE(at + 42),
      name: zip.toString('utf8', at + 46, at + 46 + nameLength),
    };
    entries.push(entry);
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return { entries, start };
}

/** The entries' packed bytes, checked to lie end to end from byte 0 up to the central directory. */
function packedData(zip: Buffer, entries: Entry[], centralStart: number): Map<Entry, Buffer> {
  const data = new Map<Entry, Buffer>();
  let expected = 0;
  for (const entry of [...entries].sort((a, b) => a.offset - b.offset)) {
    if (entry.offset !== expected || entry.offset + 30 > centralStart || zip.readUInt32LE(entry.offset) !== LOCAL) throw unreadable();
    const begin = entry.offset + 30 + zip.readUInt16LE(entry.offset + 26) + zip.readUInt16LE(entry.offset + 28);
    let end = begin + entry.packed;
    if (end > centralStart) throw unreadable();
    data.set(entry, zip.subarray(begin, end));
    // A data descriptor (flag bit 3) follows the data: 12 bytes, or 16 with its signature.
    if (entry.flags & 8) {
      const signed = end + 4 <= centralStart && zip.readUInt32LE(end) === DESCRIPTOR;
      end += signed ? 16 : 12;
    }
    expected = end;
  }
  if (expected !== centralStart) throw unreadable();
  return data;
}

/** Whether the byte after `<tag` ends the tag's name (space, `>` or `/`), so `<c` does not match `<col`. */
const nameEnds = (xml: Buffer, at: number) => {
  const ch = xml[at];
  return ch === 0x20 || ch === 0x3e || ch === 0x2f || ch === 0x09 || ch === 0x0a || ch === 0x0d;
};

/** Each `<tag …>…</tag>` element's length in bytes (a self-closing one is its tag), and how many there are. */
function scanElements(xml: Buffer, tag: string, maxBytes: number): number {
  const open = Buffer.from(`<${tag}`);
  const close = Buffer.from(`</${tag}>`);
  let count = 0;
  let at = xml.indexOf(open);
  while (at >= 0) {
    if (!nameEnds(xml, at + open.length)) {
      at = xml.indexOf(open, at + open.length);
      continue;
    }
    count++;
    const tagEnd = xml.indexOf(0x3e, at);
    if (tagEnd < 0) throw unreadable();
    let end = tagEnd + 1;
    if (xml[tagEnd - 1] !== 0x2f) {
      const closing = xml.indexOf(close, tagEnd);
      if (closing < 0) throw unreadable();
      end = closing + close.length;
    }
    if (end - at > maxBytes) throw new XlsxRefusal('importCellTooLarge', maxBytes);
    at = xml.indexOf(open, end);
  }
  return count;
}

/** How many `<tag` elements the XML holds. */
function countTags(xml: Buffer, tag: string): number {
  const open = Buffer.from(`<${tag}`);
  let count = 0;
  for (let at = xml.indexOf(open); at >= 0; at = xml.indexOf(open, at + open.length)) if (nameEnds(xml, at + open.length)) count++;
  return count;
}

/** Refuses the file (an `XlsxRefusal`) unless it is within every limit; answers nothing otherwise. */
export async function checkXlsx(zip: Buffer, limits: XlsxLimits = XLSX_LIMITS): Promise<void> {
  const { entries, start } = centralDirectory(zip, limits);
  const data = packedData(zip, entries, start);
  let total = 0;
  for (const entry of entries) {
    if (entry.flags & 1 || (entry.method !== 0 && entry.method !== 8)) throw unreadable();
    if (entry.size > limits.entryBytes) throw new XlsxRefusal('importZipTooLarge', limits.totalBytes);
    total += entry.size;
    if (total > limits.totalBytes) throw new XlsxRefusal('importZipTooLarge', limits.totalBytes);
    if (entry.size > RATIO_FLOOR && entry.size > entry.packed * limits.ratio) throw new XlsxRefusal('importZipRatio', limits.ratio);
  }
  for (const entry of entries) {
    const packed = data.get(entry)!;
    let xml: Buffer;
    if (entry.method === 0) {
      if (entry.packed !== entry.size) throw unreadable();
      xml = packed;
    } else {
      try {
        // The declared size is a hard limit: an entry that unpacks to more is refused as it passes it.
        xml = await inflate(packed, { maxOutputLength: Math.max(1, entry.size) });
      } catch (error) {
        throw (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' ? new XlsxRefusal('importZipTooLarge', limits.totalBytes) : unreadable();
      }
      if (xml.length !== entry.size) throw unreadable();
    }
    if (/^xl\/sharedStrings\.xml$/i.test(entry.name)) {
      if (scanElements(xml, 'si', limits.cellBytes) > limits.sharedStrings) throw new XlsxRefusal('importTooManyStrings', limits.sharedStrings);
    } else if (/^xl\/worksheets\/[^/]+\.xml$/i.test(entry.name)) {
      scanElements(xml, 'c', limits.cellBytes);
      if (countTags(xml, 'row') > limits.rows) throw new XlsxRefusal('importTooManyRows', limits.rows - 1);
    }
  }
}
