import type pg from 'pg'

/**
 * Waits until `count` other sessions of this database wait for a lock: how a PostgreSQL test knows the
 * requests it started have reached the row another connection holds (no fixed sleeps).
 */
export async function waitForLockWaiters(client: pg.Client, count: number): Promise<void> {
  const deadline = Date.now() + 20_000
  for (;;) {
    // Statistics views are read once per transaction, and `client` may be inside one: read them afresh.
    await client.query('select pg_stat_clear_snapshot()')
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
    )
    if ((rows[0]?.n ?? 0) >= count) return
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${count} lock waiters`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}
