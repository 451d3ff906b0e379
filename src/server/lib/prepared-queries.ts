import type { Db } from '../db/client.ts'

const prepared = new WeakMap<Db, Map<string, unknown>>()

/**
 * A query built and prepared once per database, for the hot public reads: Drizzle builds the SQL once and,
 * on PostgreSQL, the named statement is parsed and planned once per connection instead of per request.
 * `name` must be unique per query text (PostgreSQL keys prepared statements by name).
 */
export function preparedOnce<T>(db: Db, name: string, build: (db: Db, name: string) => T): T {
  let queries = prepared.get(db)
  if (!queries) {
    queries = new Map()
    prepared.set(db, queries)
  }
  let query = queries.get(name) as T | undefined
  if (query === undefined) {
    query = build(db, name)
    queries.set(name, query)
  }
  return query
}
