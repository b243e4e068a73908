import ExcelJS from 'exceljs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apps, areas, bikers, importJobs, importRows, subscriptions } from '../src/db/schema';
import { resumeImports } from '../src/domain/imports';
import { parseCsv } from '../src/kit/csv';
import { DEMO, startTestServer, type TestServer } from './helpers';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;
let api: TestServer;
let admin: Loose;
let bkk: Loose;
let cnx: Loose;
const SHOP = '/api/admin/Delivery/Import/Shop';
const BIKER = '/api/admin/Delivery/Import/Biker';
const HEADER = 'name,owner,phone,email,area,type,package,openTime,closeTime';

beforeAll(async () => {
  api = await startTestServer();
  [admin, bkk, cnx] = await Promise.all([api.login(DEMO.admin), api.login(DEMO.bkk), api.login(DEMO.cnx)]);
});
afterAll(async () => {
  await api?.close();
});

const upload = async (path: string, token: string, body: string | Uint8Array, fileName = 'shops.csv') => {
  const res = await fetch(`${api.url}${path}?fileName=${encodeURIComponent(fileName)}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
    body: typeof body === 'string' ? body : Buffer.from(body),
  });
  return { status: res.status, body: (await res.json()) as Loose };
};
const rowsOf = async (path: string, id: string, token: string, invalidOnly = false) => {
  const all: Loose[] = [];
  for (let page = 1; ; page++) {
    const res = await api.get(`${path}/${id}/rows?pageSize=100&page=${page}${invalidOnly ? '&invalid=1' : ''}`, token);
    expect(res.status).toBe(200);
    all.push(...res.body.data);
    if (all.length >= res.body.total) return all;
  }
};
/** Polls the job until it is no longer running; answers every `doneRows` seen on the way. */
const finish = async (path: string, id: string, token: string) => {
  const seen: number[] = [];
  for (;;) {
    const job = (await api.get(`${path}/${id}`, token)).body.data;
    seen.push(job.doneRows);
    if (job.status !== 'running') return { job, seen };
    await new Promise((r) => setTimeout(r, 50));
  }
};
const shopCount = async (q: string) => (await api.get(`/api/admin/Delivery/Shop?q=${encodeURIComponent(q)}&pageSize=10`, admin.accessToken)).body.total;
const setMaxShops = (n: number) =>
  api.db.db
    .update(subscriptions)
    .set({ maxShops: n })
    .where(sql`true`);

describe('parseCsv', () => {
  it('reads quotes, commas and line breaks inside quotes, a BOM, CRLF and semicolons', () => {
    expect(parseCsv('\uFEFFa,b,c\r\n"x, y","he said ""hi""","line1\nline2"\r\n\r\n1,,3')).toEqual([
      ['a', 'b', 'c'],
      ['x, y', 'he said "hi"', 'line1\nline2'],
      ['1', '', '3'],
    ]);
    expect(parseCsv('name;phone\nA;0812345678\n')).toEqual([
      ['name', 'phone'],
      ['A', '0812345678'],
    ]);
  });
});

describe('shop import', () => {
  const file = [
    HEADER,
    'Good One,Owner A,0811000001,good1@example.com,Bangkok,Restaurant,Starter,08:00,20:00',
    'Bad Phone,Owner B,12345,badphone@example.com,Bangkok,Cafe,Starter,,',
    'No Area,Owner C,0811000003,noarea@example.com,Atlantis,Cafe,Starter,,',
    'Twin,Owner D,0811000001,twin@example.com,Bangkok,Cafe,Starter,,',
    'Bad Type,Owner E,0811000005,badtype@example.com,Bangkok,Spaceport,Starter,,',
    ',Owner F,0811000006,not-an-email,Bangkok,Cafe,Starter,10:00,9:00',
    '"Good, Two",Owner G,081-100-0007,good2@example.com,Chiang Mai,Bakery,Premium,,',
  ].join('\r\n');
  let jobId = '';

  it('names each row’s errors per column and counts the valid ones', async () => {
    const res = await upload(SHOP, admin.accessToken, file);
    expect(res.status).toBe(201);
    const job = res.body.data;
    jobId = job.id;
    expect(job).toMatchObject({
      status: 'previewed',
      totalRows: 7,
      invalidRows: 5,
      existingRows: 0,
      readyRows: 2,
      fileName: 'shops.csv',
      createdBy: 'Demo Admin',
    });
    const rows = await rowsOf(SHOP, job.id, admin.accessToken);
    const byRow = Object.fromEntries(rows.map((r: Loose) => [r.rowNo, r]));
    expect(byRow[2]).toMatchObject({ outcome: 'ready', errors: {} });
    expect(byRow[3].errors).toEqual({ phone: ['invalidPhone'] });
    expect(byRow[4].errors).toEqual({ area: ['unknownArea'] });
    expect(byRow[5].errors).toEqual({ phone: ['duplicateInFile'] });
    expect(byRow[6].errors).toEqual({ type: ['unknownReference'] });
    expect(byRow[7].errors).toEqual({ name: ['required'], email: ['invalidEmail'], closeTime: ['invalidTime'] });
    expect(byRow[8]).toMatchObject({ outcome: 'ready', data: { name: 'Good, Two', phone: '081-100-0007' } });
    const invalid = await rowsOf(SHOP, job.id, admin.accessToken, true);
    expect(invalid.map((r: Loose) => r.rowNo)).toEqual([3, 4, 5, 6, 7]);
  });

  it('refuses mode "all" while rows are invalid, and imports only the valid ones in mode "valid"', async () => {
    const all = await api.post(`${SHOP}/${jobId}/run`, { mode: 'all' }, admin.accessToken);
    expect(all.status).toBe(400);
    expect(all.body.errors).toEqual({ mode: ['importHasInvalidRows'] });
    expect(await shopCount('0811000001')).toBe(0);

    const run = await api.post(`${SHOP}/${jobId}/run`, { mode: 'valid' }, admin.accessToken);
    expect(run.status).toBe(202);
    const { job } = await finish(SHOP, jobId, admin.accessToken);
    expect(job).toMatchObject({ status: 'done', mode: 'valid', importedRows: 2, invalidRows: 5, existingRows: 0, doneRows: 2, readyRows: 0 });
    expect(await shopCount('0811000001')).toBe(1);
    expect(await shopCount('0811000007')).toBe(1);
    const made = (await api.get(`/api/admin/Delivery/Shop?q=0811000007`, admin.accessToken)).body.data[0];
    expect(made).toMatchObject({ name: 'Good, Two', status: 'pending', areaName: 'Chiang Mai', typeName: 'Bakery', packageName: 'Premium', openTime: '08:00' });
    const again = await api.post(`${SHOP}/${jobId}/run`, { mode: 'valid' }, admin.accessToken);
    expect(again.status).toBe(409);
  });

  it('answers the refused rows as CSV with their errors in words', async () => {
    const res = await api.get(`${SHOP}/${jobId}/refused.csv`, admin.accessToken);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/csv/);
    const lines = parseCsv(res.body as string);
    expect(lines[0]).toEqual(['row', ...HEADER.split(','), 'errors']);
    expect(lines.slice(1).map((l) => l[0])).toEqual(['3', '4', '5', '6', '7']);
    expect(lines[1]![10]).toBe('phone: Telephone Number is not valid');
    expect(lines[2]![10]).toBe('area: Unknown area');
  });

  it('the same file again creates nothing new: its valid rows are already there', async () => {
    const res = await upload(SHOP, admin.accessToken, file);
    const job = res.body.data;
    expect(job).toMatchObject({ totalRows: 7, invalidRows: 5, existingRows: 2, readyRows: 0, sameFile: { id: jobId } });
    const rows = await rowsOf(SHOP, job.id, admin.accessToken);
    expect(rows.filter((r: Loose) => r.outcome === 'exists').map((r: Loose) => r.rowNo)).toEqual([2, 8]);
    expect(rows.find((r: Loose) => r.rowNo === 2).refId).toBeTruthy();
    await api.post(`${SHOP}/${job.id}/run`, { mode: 'valid' }, admin.accessToken);
    const { job: done } = await finish(SHOP, job.id, admin.accessToken);
    expect(done).toMatchObject({ status: 'done', importedRows: 0, existingRows: 2 });
    expect(await shopCount('0811000001')).toBe(1);
  });

  it('refuses the rows past the plan’s shop limit', async () => {
    const before = (await api.get('/api/admin/MyService', admin.accessToken)).body.data?.limits?.shops?.used;
    expect(typeof before).toBe('number');
    await setMaxShops(before + 1);
    const res = await upload(
      SHOP,
      admin.accessToken,
      [HEADER, 'Limit A,O,0812000001,la@example.com,Bangkok,Cafe,Starter,,', 'Limit B,O,0812000002,lb@example.com,Bangkok,Cafe,Starter,,'].join('\n'),
      'limit.csv',
    );
    expect(res.body.data).toMatchObject({ invalidRows: 1, readyRows: 1 });
    const rows = await rowsOf(SHOP, res.body.data.id, admin.accessToken);
    expect(rows[1]).toMatchObject({ rowNo: 3, outcome: 'invalid', errors: { row: ['shopLimit'] } });
    await setMaxShops(1_000_000);
  });
});

describe('XLSX and bikers', () => {
  it('reads the first sheet of an XLSX file (a phone typed as a number keeps its 0) and imports bikers', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Bikers');
    sheet.addRow(['Name', 'Phone', 'Area', 'Vehicle', 'Plate', 'Package']);
    sheet.addRow(['Xl Rider', 891110001, 'Bangkok', 'Motorcycle', '1AB-1111', 'Rider Basic']);
    sheet.addRow(['Xl Twin', '0891110001', 'Bangkok', 'Motorcycle', '1AB-2222', '']);
    sheet.addRow(['Xl Known', '0856789012', 'Bangkok', 'Motorcycle', '1AB-3333', '']);
    sheet.addRow(['Xl Unknown Pkg', '0891110004', 'Bangkok', 'Motorcycle', '1AB-4444', 'Gold']);
    const bytes = new Uint8Array(await book.xlsx.writeBuffer());
    const res = await upload(BIKER, bkk.accessToken, bytes, 'bikers.xlsx');
    expect(res.status).toBe(201);
    const job = res.body.data;
    expect(job).toMatchObject({ kind: 'biker', totalRows: 4, invalidRows: 2, existingRows: 1, readyRows: 1 });
    const rows = await rowsOf(BIKER, job.id, bkk.accessToken);
    expect(rows.map((r: Loose) => [r.rowNo, r.outcome, r.errors])).toEqual([
      [2, 'ready', {}],
      [3, 'invalid', { phone: ['duplicateInFile'] }],
      [4, 'exists', {}],
      [5, 'invalid', { package: ['unknownReference'] }],
    ]);
    expect(rows[0].data.phone).toBe('0891110001');
    await api.post(`${BIKER}/${job.id}/run`, { mode: 'valid' }, bkk.accessToken);
    const { job: done } = await finish(BIKER, job.id, bkk.accessToken);
    expect(done).toMatchObject({ status: 'done', importedRows: 1 });
    const bikers = (await api.get('/api/admin/Delivery/Member/Biker?q=0891110001', admin.accessToken)).body.data;
    expect(bikers).toHaveLength(1);
    expect(bikers[0]).toMatchObject({ name: 'Xl Rider', status: 'active', areaName: 'Bangkok' });
  });

  it('staff see only their area: another area is unknown to them', async () => {
    const res = await upload(BIKER, bkk.accessToken, 'name,phone,area,vehicle,plate\nFar,0891110009,Chiang Mai,Car,9ZZ-9999\n', 'far.csv');
    expect(res.body.data).toMatchObject({ invalidRows: 1 });
    const rows = await rowsOf(BIKER, res.body.data.id, bkk.accessToken);
    expect(rows[0].errors).toEqual({ area: ['unknownArea'] });
  });

  it('refuses a file that is not a table of the columns', async () => {
    const res = await upload(SHOP, admin.accessToken, 'foo,bar\n1,2\n', 'x.csv');
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ file: ['importNoColumns'] });
    const broken = await upload(SHOP, admin.accessToken, new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5]), 'x.xlsx');
    expect(broken.status).toBe(400);
    expect(broken.body.errors).toEqual({ file: ['importUnreadable'] });
  });
});

describe('a restart', () => {
  it('resumes a job left running: its remaining ready rows are imported, none twice', async () => {
    const res = await upload(
      BIKER,
      admin.accessToken,
      'name,phone,area,vehicle,plate\nR One,0893330001,Bangkok,Car,1RR-1\nR Two,0893330002,Bangkok,Car,1RR-2\nR Three,0893330003,Bangkok,Car,1RR-3\n',
      'resume.csv',
    );
    const id = Number(res.body.data.id);
    // As a process stopped after its first batch: the job running, one row imported (its biker made), two still ready.
    const [place] = await api.db.db
      .select({ companyId: areas.companyId, appId: areas.appId, areaId: areas.id })
      .from(areas)
      .innerJoin(apps, eq(apps.id, areas.appId))
      .where(and(eq(areas.name, 'Bangkok'), eq(apps.appType, 'Delivery')));
    const [made] = await api.db.db
      .insert(bikers)
      .values({ ...place!, name: 'R One', phone: '0893330001', vehicle: 'Car', plate: '1RR-1' })
      .returning({ id: bikers.id });
    await api.db.db
      .update(importRows)
      .set({ outcome: 'imported', refId: made!.id })
      .where(and(eq(importRows.jobId, id), eq(importRows.rowNo, 2)));
    await api.db.db.update(importJobs).set({ status: 'running', mode: 'valid', doneRows: 1, importedRows: 1 }).where(eq(importJobs.id, id));
    expect(await resumeImports(api.deps)).toBeGreaterThanOrEqual(1);
    const { job } = await finish(BIKER, String(id), admin.accessToken);
    expect(job).toMatchObject({ status: 'done', importedRows: 3, doneRows: 3, readyRows: 0 });
    const found = (await api.get('/api/admin/Delivery/Member/Biker?q=089333000', admin.accessToken)).body;
    expect(found.total).toBe(3);
  });
});

describe('access', () => {
  it('refuses a user without the Import flags', async () => {
    const up = await upload(SHOP, cnx.accessToken, `${HEADER}\n`);
    expect(up.status).toBe(403);
    expect((await api.get(SHOP, cnx.accessToken)).status).toBe(403);
    expect((await api.get(BIKER, cnx.accessToken)).status).toBe(403);
    const mine = (await api.get(SHOP, admin.accessToken)).body;
    expect(mine.total).toBeGreaterThan(0);
    expect((await api.post(`${SHOP}/${mine.data[0].id}/run`, { mode: 'valid' }, cnx.accessToken)).status).toBe(403);
    expect((await api.get(`${SHOP}/${mine.data[0].id}/refused.csv`, cnx.accessToken)).status).toBe(403);
  });
});

describe('a large file', () => {
  it('imports 50,000 rows with progress, exactly the valid ones', { timeout: 300_000 }, async () => {
    await setMaxShops(1_000_000);
    const lines = [HEADER];
    for (let i = 0; i < 50_000; i++) {
      const phone = i % 100 === 99 ? `9${String(i).padStart(8, '0')}` : `07${String(i).padStart(8, '0')}`;
      lines.push(`Bulk Shop ${i},Owner ${i},${phone},bulk${i}@example.com,Bangkok,Grocery,Business,,`);
    }

    const res = await upload(SHOP, admin.accessToken, lines.join('\n'), 'bulk.csv');
    expect(res.status).toBe(201);
    const job = res.body.data;
    expect(job).toMatchObject({ totalRows: 50_000, invalidRows: 500, readyRows: 49_500 });
    const before = await shopCount('Bulk Shop');
    expect(before).toBe(0);
    expect((await api.post(`${SHOP}/${job.id}/run`, { mode: 'valid' }, admin.accessToken)).status).toBe(202);
    const { job: done, seen } = await finish(SHOP, job.id, admin.accessToken);
    expect(done).toMatchObject({ status: 'done', importedRows: 49_500, invalidRows: 500, doneRows: 49_500 });
    // Progress only goes up, and was seen between the start and the end.
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(seen.some((n) => n > 0 && n < 49_500)).toBe(true);
    expect(await shopCount('Bulk Shop')).toBe(49_500);
    const refused = await rowsOf(SHOP, job.id, admin.accessToken, true);
    expect(refused).toHaveLength(500);
    expect(refused.every((r: Loose) => (r.rowNo - 2) % 100 === 99 && r.errors.phone[0] === 'invalidPhone')).toBe(true);
    // The same file again: every valid row is there already.
    const again = (await upload(SHOP, admin.accessToken, lines.join('\n'), 'bulk.csv')).body.data;
    expect(again).toMatchObject({ existingRows: 49_500, readyRows: 0, invalidRows: 500 });
  });
});
