import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { seedIfEmpty } from './index';
import { insertBulkShops } from './shops';

/** `npm run seed [-- --shops N]`: migrate, write the demo tenant if the database is empty, then N extra shops. */
async function main(): Promise<void> {
  const config = loadConfig();
  const handle = await openDatabase(config.databaseUrl);
  try {
    await runMigrations(handle);
    const seeded = await seedIfEmpty(handle.db, config.scrypt);
    console.log(seeded ? `Seeded the demo data into ${handle.where}.` : `${handle.where} already holds data; nothing seeded.`);
    const at = process.argv.indexOf('--shops');
    const extra = at > 0 ? Number(process.argv[at + 1]) : 0;
    if (!Number.isInteger(extra) || extra < 0) throw new Error('--shops takes a whole number.');
    if (extra > 0) {
      await insertBulkShops(handle.db, extra, (line) => process.stdout.write(`\r${line}`));
      console.log(`\nAdded ${extra} shops.`);
    }
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
