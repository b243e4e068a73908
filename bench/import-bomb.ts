/**
 * `npm run bench:import-bomb`: hostile import files against the Platform API (issue 39). It seeds the demo data on a
 * PGlite directory, starts the API in its own process (production mode) and, as admin, uploads each file to
 * `Import/Shop` one after another while sampling the API process's VmRSS every 20 ms: the answer (status and code),
 * the time to it, and the RSS before and at its peak. Every file is within the 20 MB upload limit; the API's peak must
 * stay under 1 GiB. Prints the figures and writes the "Import bombs" section of docs/BENCHMARKS.md.
 *
 *   npm run bench:import-bomb -- [--no-write]
 */
import os from 'node:os';
import ExcelJS from 'exceljs';
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { MAX_IMPORT_BYTES } from '../contract/imports';
import { withDatabase } from './databases';
import { loadConfig } from '../upstream/src/config';
import { openDatabase } from '../upstream/src/db/client';
import { runMigrations } from '../upstream/src/db/migrate';
import { seedIfEmpty } from '../upstream/src/seed';
import { hugeCell, xlsxOf, zip } from '../upstream/test/xlsx-bombs';
import { apiToken, startApi, stopServer, writeSection } from './stack';
import { freePort, rssOf } from './shops-measure';

const { values } = parseArgs({ options: { 'no-write': { type: 'boolean', default: false } } });
const LIMIT_BYTES = 1024 ** 3;

interface Bomb {
  name: string;
  file: () => Buffer | Promise<Buffer>;
  fileName: string;
}

/** A real workbook (written by ExcelJS) of `rows` rows of nine cells of random text, `cell` characters each (within the cell limit). */
async function bigSheet(rows: number, cell: number): Promise<Buffer> {
  const text = () =>
    randomBytes(Math.ceil((cell * 3) / 4))
      .toString('base64')
      .slice(0, cell);
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Shops');
  sheet.addRow(['name', 'owner', 'phone', 'email', 'area', 'type', 'package', 'openTime', 'closeTime']);
  for (let i = 0; i < rows; i++) sheet.addRow(Array.from({ length: 9 }, text));
  return Buffer.from(await book.xlsx.writeBuffer());
}

const BOMBS: Bomb[] = [
  { name: 'one cell of 300 MB (sizes declared honestly), ~300 kB', file: () => hugeCell(300 * 1024 * 1024), fileName: 'huge-cell.xlsx' },
  { name: 'one cell of 300 MB declaring 1 MB, ~300 kB', file: () => hugeCell(300 * 1024 * 1024, 1_000_000), fileName: 'lying-cell.xlsx' },
  { name: 'one cell of 90 MB declared within the entry limit, ~90 kB', file: () => hugeCell(90 * 1024 * 1024), fileName: 'tight-cell.xlsx' },
  {
    name: '1,001 entries',
    file: () => zip(Array.from({ length: 1001 }, (_, i) => ({ name: `p${i}.xml`, data: Buffer.from('<a/>') }))),
    fileName: 'entries.xlsx',
  },
  {
    name: '5 million empty shared strings, ~25 kB',
    file: () => zip(xlsxOf('', '<si/>'.repeat(5_000_000))),
    fileName: 'strings.xlsx',
  },
  {
    name: 'a CSV of 19 MB with a NUL byte',
    file: () => Buffer.concat([Buffer.from('name,owner\n'), Buffer.alloc(19 * 1024 * 1024, 'a,b\n'), Buffer.from('x\0,y\n')]),
    fileName: 'nul.csv',
  },
  { name: 'a real XLSX near the upload limit, read to its end (random 30 KB cells)', file: () => bigSheet(70, 30 * 1024), fileName: 'big-cells.xlsx' },
];

interface Figures {
  name: string;
  bytes: number;
  status: number;
  code: string;
  seconds: number;
  rssBefore: number;
  rssPeak: number;
}

async function prepare(databaseUrl: string): Promise<void> {
  const handle = await openDatabase(databaseUrl);
  try {
    await runMigrations(handle);
    await seedIfEmpty(handle.db, loadConfig({ databaseUrl }).scrypt, undefined, { members: 40, bikers: 12, orders: 300, parcels: 40 });
  } finally {
    await handle.close();
  }
}

async function run(): Promise<Figures[]> {
  return withDatabase('pglite', 'bench-import-bomb', null, async (databaseUrl) => {
    console.log('seeding the demo data…');
    await prepare(databaseUrl);
    const port = await freePort();
    const apiUrl = `http://127.0.0.1:${port}`;
    const api = await startApi(databaseUrl, port, { seconds: 120 });
    try {
      const token = await apiToken(apiUrl, 'admin', 'Admin#2026');
      const figures: Figures[] = [];
      for (const bomb of BOMBS) {
        const file = await bomb.file();
        if (file.length > MAX_IMPORT_BYTES) throw new Error(`${bomb.name}: ${file.length} bytes is over the upload limit`);
        await new Promise((r) => setTimeout(r, 500));
        const rssBefore = rssOf(api.pid!);
        let rssPeak = rssBefore;
        const sampler = setInterval(() => {
          rssPeak = Math.max(rssPeak, rssOf(api.pid!));
        }, 20);
        const started = performance.now();
        const res = await fetch(`${apiUrl}/api/admin/Delivery/Import/Shop?fileName=${bomb.fileName}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
          body: new Uint8Array(file),
        });
        const answer = (await res.json()) as { errors?: { file?: string[] }; data?: { invalidRows?: number } };
        const seconds = (performance.now() - started) / 1000;
        clearInterval(sampler);
        rssPeak = Math.max(rssPeak, rssOf(api.pid!));
        const code = answer.errors?.file?.[0] ?? (res.status === 201 ? `previewed, ${answer.data?.invalidRows ?? 0} invalid rows` : '');
        figures.push({ name: bomb.name, bytes: file.length, status: res.status, code, seconds, rssBefore, rssPeak });
        console.log(`${bomb.name}: HTTP ${res.status} ${code} in ${seconds.toFixed(2)} s, RSS ${mib(rssBefore)} → ${mib(rssPeak)} MiB`);
      }
      return figures;
    } finally {
      await stopServer(api);
    }
  });
}

const mib = (b: number) => (b / 1024 / 1024).toFixed(0);
const size = (b: number) => (b >= 1024 * 1024 ? `${(b / 1024 / 1024).toFixed(1)} MiB` : `${(b / 1024).toFixed(0)} kB`);

function report(figures: Figures[], load: string, startedAt: Date): string {
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  const worst = Math.max(...figures.map((f) => f.rssPeak));
  return [
    '`npm run bench:import-bomb` (bench/import-bomb.ts) seeds the demo data on PGlite, starts the Platform API in its own',
    'process (production mode) and, as admin, uploads each file below to `Import/Shop` in turn, sampling the API',
    "process's VmRSS every 20 ms. Every file is within the 20 MB upload limit. Before the limits (issue 39), the first",
    'file took the API to about 4 GB for 17-47 s and ended in a 500.',
    '',
    `Run ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC · ${cpu}, ${os.cpus().length} cores, ${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB RAM, Node ${process.version}, load average ${load} at start.`,
    '',
    '| file | size | answer | time to answer | API RSS before → peak |',
    '|---|---|---|---|---|',
    ...figures.map(
      (f) => `| ${f.name} | ${size(f.bytes)} | ${f.status} \`${f.code}\` | ${f.seconds.toFixed(2)} s | ${mib(f.rssBefore)} → ${mib(f.rssPeak)} MiB |`,
    ),
    '',
    `Highest peak: ${mib(worst)} MiB (${worst < LIMIT_BYTES ? 'under' : 'OVER'} the 1 GiB bound). The limits are checked on the ZIP's directory and`,
    'while each entry is inflated (the declared size is the inflate limit), before the spreadsheet library reads',
    'anything: upstream/src/kit/xlsx-guard.ts, contract/imports.ts `XLSX_LIMITS`.',
  ].join('\n');
}

async function main(): Promise<void> {
  const startedAt = new Date();
  const load = os.loadavg()[0]!.toFixed(2);
  const figures = await run();
  const body = report(figures, load, startedAt);
  console.log(`\n${body}`);
  if (!values['no-write']) writeSection('docs/BENCHMARKS.md', 'Import bombs', body);
  if (figures.some((f) => f.rssPeak >= LIMIT_BYTES)) throw new Error('The API went over 1 GiB.');
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
