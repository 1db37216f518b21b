/**
 * The databases the realtime tests run on: the embedded PGlite, and a PostgreSQL server (issue 13:
 * "the same suite's realtime and concurrency tests also run on Debian's PostgreSQL server"), where
 * events travel through LISTEN/NOTIFY instead of in process. Used with `describe.each`.
 */
import { testPostgres } from './postgres.ts';
import { startTestServer, type TestServer } from './server.ts';

export const TEST_DATABASES = ['embedded', 'PostgreSQL'] as const;
export type TestDatabase = (typeof TEST_DATABASES)[number];

/** A test server on `database`; on PostgreSQL, `close()` also removes its throwaway cluster. */
export async function startTestServerOn(
  database: TestDatabase,
  options: Parameters<typeof startTestServer>[0] = {},
): Promise<TestServer> {
  if (database === 'embedded') return startTestServer(options);
  const postgres = await testPostgres();
  try {
    const server = await startTestServer({ ...options, databaseUrl: await postgres.createDatabase() });
    return {
      ...server,
      async close() {
        try {
          await server.close();
        } finally {
          await postgres.stop();
        }
      },
    };
  } catch (error) {
    await postgres.stop();
    throw error;
  }
}
