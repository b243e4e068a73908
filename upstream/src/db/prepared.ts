import type { Db } from './client';

/**
 * One prepared statement per database handle for the hot read paths (session check, permission list): the
 * statement is parsed and planned once per connection instead of on every request.
 */
export function preparedFor<T>(build: (db: Db) => T): (db: Db) => T {
  const cache = new WeakMap<Db, T>();
  return (db) => {
    let statement = cache.get(db);
    if (!statement) {
      statement = build(db);
      cache.set(db, statement);
    }
    return statement;
  };
}
