import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XLSX_LIMITS } from '@contract/imports';
import { checkXlsx, XlsxRefusal, type XlsxLimits } from '../src/kit/xlsx-guard';
import { DEMO, startTestServer, type TestServer } from './helpers';
import { hugeCell, manyRows, xlsxOf, zip } from './xlsx-bombs';

/**
 * The hard limits of an import file (contract/imports.ts XLSX_LIMITS, upstream/src/kit/xlsx-guard.ts): each refusal
 * is a 400 with its code, answered before the file is unpacked or read by the spreadsheet library.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;
let api: TestServer;
let admin: Loose;
const SHOP = '/api/admin/Delivery/Import/Shop';

beforeAll(async () => {
  api = await startTestServer();
  admin = await api.login(DEMO.admin);
});
afterAll(async () => {
  await api?.close();
});

const upload = async (body: string | Buffer, fileName = 'shops.xlsx') => {
  const res = await fetch(`${api.url}${SHOP}?fileName=${encodeURIComponent(fileName)}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin.accessToken}`, 'content-type': 'application/octet-stream' },
    body: typeof body === 'string' ? body : new Uint8Array(body),
  });
  return { status: res.status, body: (await res.json()) as Loose };
};
const refusedWith = async (file: Buffer, limits: XlsxLimits = XLSX_LIMITS): Promise<string> => {
  try {
    await checkXlsx(file, limits);
  } catch (error) {
    if (error instanceof XlsxRefusal) return error.code;
    throw error;
  }
  return 'accepted';
};
const small = { ...XLSX_LIMITS, sharedStrings: 3, rows: 5 };

describe('an XLSX bomb', () => {
  it('one huge cell packed tightly (8 MiB in a few kB) is refused by its ratio before it is unpacked: 400 importZipRatio', async () => {
    const file = hugeCell(8 * 1024 * 1024);
    expect(file.length).toBeLessThan(20_000);
    const res = await upload(file);
    expect([res.status, res.body.errors]).toEqual([400, { file: ['importZipRatio'] }]);
    expect(res.body.data).toEqual({ params: { file: { limit: XLSX_LIMITS.ratio } } });
  });

  it('an entry declaring more than the entry limit is refused from the directory alone: 400 importZipTooLarge', async () => {
    const res = await upload(hugeCell(1000, XLSX_LIMITS.entryBytes + 1));
    expect([res.status, res.body.errors]).toEqual([400, { file: ['importZipTooLarge'] }]);
    expect(res.body.data.params.file.limit).toBe(XLSX_LIMITS.totalBytes / 1024 / 1024);
  });

  it('an entry that unpacks to more than it declares is cut off at the declared size: 400 importZipTooLarge', async () => {
    const res = await upload(hugeCell(900_000, 1000));
    expect([res.status, res.body.errors]).toEqual([400, { file: ['importZipTooLarge'] }]);
  });

  it('the entries together over the total limit: importZipTooLarge', async () => {
    const parts = Array.from({ length: 3 }, (_, i) => ({ name: `xl/media/${i}.bin`, data: Buffer.from('x'), declaredSize: 1000 }));
    expect(await refusedWith(zip(parts), { ...XLSX_LIMITS, totalBytes: 2500 })).toBe('importZipTooLarge');
  });

  it('more entries than the limit: 400 importZipEntries', async () => {
    const parts = Array.from({ length: XLSX_LIMITS.entries + 1 }, (_, i) => ({ name: `p${i}.xml`, data: Buffer.from('<a/>') }));
    const res = await upload(zip(parts));
    expect([res.status, res.body.errors]).toEqual([400, { file: ['importZipEntries'] }]);
  });

  it('a shared string or a cell over the cell limit (under the ratio floor): 400 importCellTooLarge', async () => {
    const shared = await upload(hugeCell(1_000_000));
    expect([shared.status, shared.body.errors]).toEqual([400, { file: ['importCellTooLarge'] }]);
    const inline = zip(xlsxOf(`<row r="1"><c r="A1" t="inlineStr"><is><t>${'B'.repeat(XLSX_LIMITS.cellBytes)}</t></is></c></row>`, ''));
    expect(await refusedWith(inline)).toBe('importCellTooLarge');
    // Self-closing cells and `<col>` elements are not mistaken for one long cell.
    const fine = zip(xlsxOf(`<cols><col min="1"/></cols><row r="1"><c r="A1"/>${'<c r="B1"/>'.repeat(5000)}</row>`, '<si><t>a</t></si>'));
    expect(await refusedWith(fine)).toBe('accepted');
  });

  it('more shared strings than the limit: importTooManyStrings; more rows: importTooManyRows', async () => {
    expect(await refusedWith(zip(xlsxOf('', '<si><t>a</t></si><si/><si><t>b</t></si><si><t>c</t></si>')), small)).toBe('importTooManyStrings');
    expect(await refusedWith(manyRows(6), small)).toBe('importTooManyRows');
    expect(await refusedWith(manyRows(5), small)).toBe('accepted');
  });

  it('bytes hidden between the entries, or a broken directory: 400 importUnreadable', async () => {
    const hidden = zip(xlsxOf('', ''), { gap: 64 });
    const res = await upload(hidden);
    expect([res.status, res.body.errors]).toEqual([400, { file: ['importUnreadable'] }]);
    const cut = zip(xlsxOf('', '')).subarray(0, 200);
    expect(await refusedWith(Buffer.concat([cut, Buffer.alloc(0)]))).toBe('importUnreadable');
  });
});

describe('a CSV', () => {
  it('with a NUL byte is a 400 importNulByte, not a 500', async () => {
    const res = await upload('name,owner,phone,email,area,type,package\nNul\0Shop,O,0812345678,a@b.co,Bangkok,Restaurant,Starter\n', 'nul.csv');
    expect([res.status, res.body.errors]).toEqual([400, { file: ['importNulByte'] }]);
  });

  it('with a cell over the cell limit is a 400 importCellTooLarge', async () => {
    const res = await upload(`name,owner\n${'x'.repeat(XLSX_LIMITS.cellBytes + 1)},o\n`, 'big.csv');
    expect([res.status, res.body.errors]).toEqual([400, { file: ['importCellTooLarge'] }]);
    expect(res.body.data).toEqual({ params: { file: { limit: XLSX_LIMITS.cellBytes / 1024 } } });
  });
});
