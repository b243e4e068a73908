/**
 * The elements a list page's document makes, counted in Chromium: the built portal (`NEXT_DIST_DIR` or `.next`, or
 * the folder given) on an in-memory Platform API with the demo data, signed in as admin. Prints one line a page: the
 * document's length, the body's elements, its `span`s, the table cells and the `span`s right in a cell. Writes
 * nothing; docs/BENCHMARKS.md ("The messages a page sends, 2026-11-27") quotes a run.
 *
 *   npx tsx bench/list-dom.ts [dist folder]
 */
import { chromium } from 'playwright';
import { freePort } from './shops-measure';
import { builtPortal, portalSessionCookie, startApi, startPortal, stopServer } from './stack';

const PATHS = ['/Service/Delivery/Shop', '/Service/Delivery/Orders', '/Service/Delivery/Slide'];

async function main(): Promise<void> {
  const dist = process.argv[2] ?? builtPortal();
  const apiPort = await freePort();
  const api = await startApi('memory://', apiPort);
  const portalPort = await freePort();
  const portalUrl = `http://127.0.0.1:${portalPort}`;
  const portal = await startPortal(`http://127.0.0.1:${apiPort}`, portalPort, dist);
  try {
    const cookie = await portalSessionCookie(portalUrl, 'admin', 'Admin#2026');
    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
    try {
      const page = await (await browser.newContext({ extraHTTPHeaders: { cookie } })).newPage();
      for (const path of PATHS) {
        const response = await page.goto(`${portalUrl}${path}`, { waitUntil: 'load' });
        const documentChars = (await response!.text()).length;
        const counts = await page.evaluate(() => ({
          elements: document.querySelectorAll('body *').length,
          spans: document.querySelectorAll('body span').length,
          cells: document.querySelectorAll('td').length,
          spansInCells: document.querySelectorAll('td > span, td > a > span:not(.sr-only)').length,
        }));
        console.log(JSON.stringify({ path, documentChars, ...counts }));
      }
    } finally {
      await browser.close();
    }
  } finally {
    await stopServer(portal);
    await stopServer(api);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
