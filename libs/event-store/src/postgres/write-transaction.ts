import type { Pool, PoolClient } from 'pg';

/**
 * Runs `work` in a transaction opened by `begin` (which takes the schema's append lock), commits,
 * and gives the client back to the pool; on any failure rolls back. A client whose rollback fails
 * (connection lost) is destroyed rather than reused. A failed COMMIT leaves the outcome unknown to
 * the caller: retrying the append is safe, since appends are idempotent by event id.
 */
export async function inWriteTransaction<T>(
  pool: Pool,
  begin: string,
  work: (client: PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query(begin);
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch((rollbackError: Error) => (broken = rollbackError));
    throw error;
  } finally {
    client.release(broken);
  }
}
