import { loadConfig } from '../config';
import { openDatabase } from './client';
import { runMigrations } from './migrate';

/**
 * `npm run db:migrate`: applies the committed migrations to DATABASE_URL and exits. In production this runs once,
 * before the API instances start (which then start with MIGRATE_ON_START=0), so two instances never race to migrate.
 */
const config = loadConfig();
const handle = await openDatabase(config.databaseUrl);
try {
  await runMigrations(handle);
  console.log(`[migrate] up to date (database: ${handle.where})`);
} finally {
  await handle.close();
}
