import { crc32, deflateRawSync } from 'node:zlib';

/**
 * Hand-built ZIP (XLSX) files for the import limits' tests and bench/import-bomb.ts: a plain writer whose entries may
 * declare a size other than their own, or leave bytes between them.
 */
export interface ZipEntry {
  name: string;
  data: Buffer;
  /** The unpacked size the headers declare (default: the real one). */
  declaredSize?: number;
  /** Stored as is instead of deflated. */
  stored?: boolean;
}

export function zip(entries: ZipEntry[], { gap = 0 }: { gap?: number } = {}): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const packed = entry.stored ? entry.data : deflateRawSync(entry.data, { level: 9 });
    const size = entry.declaredSize ?? entry.data.length;
    const crc = crc32(entry.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(entry.stored ? 0 : 8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(entry.stored ? 0 : 8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    const filler = Buffer.alloc(gap);
    locals.push(local, name, packed, filler);
    centrals.push(central, name);
    offset += 30 + name.length + packed.length + gap;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const WORKBOOK = [
  {
    name: '[Content_Types].xml',
    data: Buffer.from(
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>',
    ),
  },
  {
    name: 'xl/workbook.xml',
    data: Buffer.from('<workbook><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>'),
  },
];

/** An XLSX of a header row and the given sheet XML rows, with these shared strings. */
export function xlsxOf(sheetRows: string, sharedStrings: string, extra: ZipEntry[] = []): ZipEntry[] {
  return [
    ...WORKBOOK,
    { name: 'xl/sharedStrings.xml', data: Buffer.from(`<sst count="1">${sharedStrings}</sst>`) },
    { name: 'xl/worksheets/sheet1.xml', data: Buffer.from(`<worksheet><sheetData>${sheetRows}</sheetData></worksheet>`) },
    ...extra,
  ];
}

/** One shared string of `chars` letters: a ~300 kB file holds a 300 MB cell. */
export function hugeCell(chars: number, declaredSize?: number): Buffer {
  const text = Buffer.alloc(chars, 'A');
  const si = Buffer.concat([Buffer.from('<sst count="1"><si><t>'), text, Buffer.from('</t></si></sst>')]);
  const entries = xlsxOf('<row r="1"><c r="A1" t="s"><v>0</v></c></row>', '');
  entries[2] = { name: 'xl/sharedStrings.xml', data: si, declaredSize };
  return zip(entries);
}

/** Many small rows: `rows` rows of one inline cell each. */
export function manyRows(rows: number): Buffer {
  const body = Array.from({ length: rows }, (_, i) => `<row r="${i + 1}"><c r="A${i + 1}" t="inlineStr"><is><t>r${i}</t></is></c></row>`).join('');
  return zip(xlsxOf(body, ''));
}
