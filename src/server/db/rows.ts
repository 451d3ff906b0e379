/** The rows of a raw `db.execute()`: node-postgres and PGlite's driver answer { rows }, older ones an array. */
export function rowsOf<T>(result: unknown): T[] {
  const value = result as { rows?: T[] }
  return Array.isArray(value) ? (value as T[]) : (value.rows ?? [])
}
