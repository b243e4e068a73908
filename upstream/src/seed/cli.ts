import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { seedIfEmpty } from './index';

/** `npm run seed`: migrate, then write the demo tenant if the database is empty. */
async function main(): Promise<void> {
  const config = loadConfig();
  const handle = await openDatabase(config.databaseUrl);
  try {
    await runMigrations(handle);
    const seeded = await seedIfEmpty(handle.db, config.scrypt);
    console.log(seeded ? `Seeded the demo data into ${handle.where}.` : `${handle.where} already holds data; nothing seeded.`);
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
