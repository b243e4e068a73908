import { parseArgs } from 'node:util';
import { z } from 'zod';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { seedIfEmpty } from './index';
import { openImageStore } from '../kit/image-store';
import { addOrders } from './orders';
import { insertBulkShops } from './shops';

const countSchema = z.coerce.number().int().nonnegative();
const argsSchema = z.object({ shops: countSchema, orders: countSchema, chunk: countSchema.min(1) });

/**
 * `npm run seed [-- --shops N] [--orders N] [--chunk N]`: migrate, write the demo tenant if the database is empty,
 * then N extra shops and N extra food orders (plus a tenth as many parcel orders, with items, events, ledger and
 * rollups), in chunks with progress. `DATABASE_URL` picks PGlite or PostgreSQL.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { shops: { type: 'string', default: '0' }, orders: { type: 'string', default: '0' }, chunk: { type: 'string', default: '50000' } },
  });
  const parsed = argsSchema.safeParse(values);
  if (!parsed.success) throw new Error('--shops, --orders and --chunk take whole numbers.');
  const args = parsed.data;
  const config = loadConfig();
  const handle = await openDatabase(config.databaseUrl);
  try {
    await runMigrations(handle);
    const started = performance.now();
    const seeded = await seedIfEmpty(handle.db, config.scrypt, undefined, config.seedVolume, openImageStore(config.imageStore));
    const took = ((performance.now() - started) / 1000).toFixed(1);
    console.log(seeded ? `Seeded the demo data into ${handle.where} in ${took} s.` : `${handle.where} already holds data; nothing seeded.`);
    if (args.shops > 0) {
      await insertBulkShops(handle.db, args.shops, (line) => process.stdout.write(`\r${line}`));
      console.log(`\nAdded ${args.shops} shops.`);
    }
    if (args.orders > 0) {
      const from = performance.now();
      const written = await addOrders(handle.db, args.orders, { chunk: args.chunk, log: (line) => process.stdout.write(`\r${line}   `) });
      console.log(`\nAdded ${written} orders in ${((performance.now() - from) / 1000).toFixed(1)} s.`);
    }
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
