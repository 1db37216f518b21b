/**
 * Product server load benchmark (`npm run bench:server -- [options]`; not part of `npm test`). For
 * each database (the embedded PGlite, then a throwaway PostgreSQL 15 cluster) it starts a real
 * server process with the demo seed, times that first start (migrations and seed), then drives four
 * endpoints with autocannon at 50 connections: an issue list, an issue's notes, a project tree and
 * a GraphQL work item query. It prints requests per second, p50/p95 latency, non-2xx answers,
 * errors and the CPU milliseconds per request (from /proc) of the server, of PostgreSQL (the
 * postmaster and its backends) and of the load generator, per endpoint, and the server's resident
 * memory after the load, as Markdown tables for docs/benchmarks.md, then one `summary:` line per
 * run (date, commit, database, endpoint, figures, load average, whether issue 13's target was met)
 * to paste as it is. Runs under tsx (it reuses the tests' process and PostgreSQL helpers).
 *
 * Options (each also read from the environment variable named after it):
 * - `--seconds N` (`BENCH_SECONDS`): each run's duration, default 10.
 * - `--databases pglite,postgres` (`BENCH_DATABASES`): which databases run, both by default.
 * - `--endpoints 'issue list,...'` (`BENCH_ENDPOINTS`): which endpoints run, all by default.
 * - `--workers N` (`BENCH_WORKERS`): `--workers` on PostgreSQL; CPU then sums every worker.
 * - `--pglite-dir DIR` (`BENCH_PGLITE_DIR`): a seeded PGlite data dir, copied for the run.
 * - `--database-url URL` (`BENCH_DATABASE_URL`): a seeded PostgreSQL database, used as it is, with
 *   `--data-dir DIR` (`BENCH_DATA_DIR`), the data dir of the server that seeded it (copied, for its
 *   repositories). Both compare code versions on the same data without seeding each time.
 *
 * The lead's quiet-machine figure: `npm run bench:server -- --databases postgres --endpoints 'issue list'`.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { startPostgres } from '../app/tests/helpers/postgres.ts';
import { startServerProcess } from '../app/tests/scale/serverProcess.ts';
import { WORK_ITEM_QUERY } from './serverWorkItemQuery.ts';

const { values: options } = parseArgs({
  options: {
    seconds: { type: 'string' },
    databases: { type: 'string' },
    endpoints: { type: 'string' },
    workers: { type: 'string' },
    'pglite-dir': { type: 'string' },
    'database-url': { type: 'string' },
    'data-dir': { type: 'string' },
  },
  strict: true,
});
/** An option, or the environment variable of the same name (`--data-dir`: `BENCH_DATA_DIR`). */
const option = (name) => options[name] ?? process.env[`BENCH_${name.toUpperCase().replaceAll('-', '_')}`];

/** The issue's figure: 50 concurrent connections. */
const CONNECTIONS = 50;
const DURATION_SECONDS = Number(option('seconds') ?? 10);
/** Which databases to measure (comma-separated): both by default. */
const DATABASES = (option('databases') ?? 'pglite,postgres').split(',');
/** Warm-up before each measured run (JIT, caches, pool). */
const WARMUP_SECONDS = 2;
const TOKEN = 'glpat-bench-root-token';
const PGLITE_DIR = option('pglite-dir');
const DATABASE_URL = option('database-url');
const DATA_DIR = option('data-dir');
const WORKERS = option('workers');
const ENDPOINT_NAMES = option('endpoints')?.split(',');
/** Issue 13's target for the issue list on PostgreSQL on this 2-core machine. */
const TARGET = { endpoint: 'issue list', requestsPerSecond: 1500, p95Ms: 60 };
const PROJECT = encodeURIComponent('forgekit/forgekit-ui');
const PERCENTILE_50 = 0.5;
const PERCENTILE_95 = 0.95;
const KIB = 1024;
/** /proc/<pid>/stat counts CPU time in clock ticks of 1/100 s (USER_HZ on Linux). */
const MS_PER_CLOCK_TICK = 10;
/** Fields of /proc/<pid>/stat after the command name: utime and stime (0-based). */
const UTIME_FIELD = 11;
const STIME_FIELD = 12;
/** `process.cpuUsage()` counts microseconds. */
const US_PER_MS = 1000;

/**
 * CPU milliseconds a process has used (user + system), from /proc: what one request costs the
 * server stays meaningful when other work shares the cores, unlike requests per second.
 */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  const own = (Number(fields[UTIME_FIELD]) + Number(fields[STIME_FIELD])) * MS_PER_CLOCK_TICK;
  // With --workers the serving is done by the primary's children: count them too.
  const childrenFile = `/proc/${pid}/task/${pid}/children`;
  const children = existsSync(childrenFile)
    ? readFileSync(childrenFile, 'utf8').trim().split(/\s+/).filter(Boolean)
    : [];
  return own + children.reduce((sum, child) => sum + cpuMs(Number(child)), 0);
}

/** The four measured requests. */
const ENDPOINTS = [
  { name: 'issue list', method: 'GET', path: `/api/v4/projects/${PROJECT}/issues?per_page=20` },
  { name: "an issue's notes", method: 'GET', path: `/api/v4/projects/${PROJECT}/issues/1/notes?per_page=20` },
  { name: 'project tree', method: 'GET', path: `/api/v4/projects/${PROJECT}/repository/tree?per_page=20` },
  {
    name: 'GraphQL work item',
    method: 'POST',
    path: '/api/graphql',
    body: JSON.stringify({
      query: WORK_ITEM_QUERY,
      variables: { id: 'gid://gitlab/WorkItem/1' },
    }),
  },
];

const SELECTED = ENDPOINTS.filter((endpoint) => !ENDPOINT_NAMES || ENDPOINT_NAMES.includes(endpoint.name));

/** The `p` quantile of ascending `sorted` latencies. */
function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN;
}

/** One endpoint under load: warm-up, then the measured run. */
async function measure(server, endpoint) {
  const options = {
    url: `${server.url}${endpoint.path}`,
    method: endpoint.method,
    connections: CONNECTIONS,
    headers: { 'private-token': TOKEN, 'content-type': 'application/json' },
    ...('body' in endpoint ? { body: endpoint.body } : {}),
  };
  await autocannon({ ...options, duration: WARMUP_SECONDS });
  const latencies = [];
  const cpuBefore = cpuMs(server.child.pid);
  const postgresPid = server.postgresDataDir && postmasterPid(server.postgresDataDir);
  const postgresBefore = postgresPid ? cpuMs(postgresPid) : 0;
  // autocannon runs in this process: its share of the cores is part of what a request costs here.
  const generatorBefore = process.cpuUsage();
  const instance = autocannon({ ...options, duration: DURATION_SECONDS });
  instance.on('response', (_client, _status, _bytes, time) => latencies.push(time));
  const result = await instance;
  const serverCpuMs = cpuMs(server.child.pid) - cpuBefore;
  const postgresCpuMs = postgresPid ? cpuMs(postgresPid) - postgresBefore : Number.NaN;
  const generator = process.cpuUsage(generatorBefore);
  latencies.sort((a, b) => a - b);
  return {
    name: endpoint.name,
    loadAverage: loadavg()[0],
    requestsPerSecond: result.requests.average,
    p50: percentile(latencies, PERCENTILE_50),
    p95: percentile(latencies, PERCENTILE_95),
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    cpuMsPerRequest: serverCpuMs / Math.max(1, result.requests.total),
    postgresCpuMsPerRequest: postgresCpuMs / Math.max(1, result.requests.total),
    generatorCpuMsPerRequest: (generator.user + generator.system) / US_PER_MS / Math.max(1, result.requests.total),
  };
}

/** The postmaster's process id, from its data directory (PostgreSQL's own CPU is read under it). */
function postmasterPid(dataDirectory) {
  return Number(readFileSync(join(dataDirectory, 'postmaster.pid'), 'utf8').split('\n')[0]);
}

/** The data directory of the cluster serving `databaseUrl`, if this process may read it (same machine). */
async function postgresDataDirectory(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query('SHOW data_directory');
    const dir = rows[0].data_directory;
    return existsSync(join(dir, 'postmaster.pid')) ? dir : undefined;
  } finally {
    await client.end();
  }
}

/** Resident memory of a process, from /proc (Linux). */
function residentMiB(pid) {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((row) => row.startsWith('VmRSS:'));
  return Number(line?.match(/\d+/)?.[0]) / KIB;
}

/** Starts a seeded server on one database (`seededDir`: a seeded PGlite to copy) and measures. */
async function bench(database, env, seededDir) {
  const dataDir = mkdtempSync(join(tmpdir(), 'forgekit-bench-'));
  if (seededDir) cpSync(seededDir, dataDir, { recursive: true });
  const postgresDataDir = env.DATABASE_URL ? await postgresDataDirectory(env.DATABASE_URL) : undefined;
  const server = await startServerProcess({
    ...env,
    FORGEKIT_DATA_DIR: dataDir,
    FORGEKIT_ROOT_TOKEN: TOKEN,
    FORGEKIT_SEED: 'demo',
  });
  try {
    const results = [];
    for (const endpoint of SELECTED) results.push(await measure({ ...server, postgresDataDir }, endpoint));
    return {
      database,
      firstStartSeconds: server.startupMs / 1000,
      residentMiB: residentMiB(server.child.pid),
      results,
    };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const runs = [];
if (DATABASES.includes('pglite')) runs.push(await bench('embedded PGlite', {}, PGLITE_DIR));
const workersEnv = WORKERS ? { FORGEKIT_WORKERS: WORKERS } : {};
const postgresName = `PostgreSQL 15${WORKERS ? `, ${WORKERS} workers` : ''}`;
if (DATABASES.includes('postgres') && DATABASE_URL)
  runs.push(await bench(postgresName, { DATABASE_URL, ...workersEnv }, DATA_DIR));
else if (DATABASES.includes('postgres')) {
  const postgres = await startPostgres();
  try {
    runs.push(await bench(postgresName, { DATABASE_URL: await postgres.createDatabase(), ...workersEnv }));
  } finally {
    postgres.stop();
  }
}

console.log(
  `\n${CONNECTIONS} connections, ${DURATION_SECONDS} s per endpoint, load average before the runs ${loadavg()
    .map((n) => n.toFixed(1))
    .join(' / ')}, Node ${process.version}\n`,
);
console.log(
  '| database | endpoint | requests/s | p50 ms | p95 ms | non-2xx | errors | server CPU ms/request | PostgreSQL CPU ms/request | load generator CPU ms/request | load average |',
);
console.log(
  '| -------- | -------- | ---------: | -----: | -----: | ------: | -----: | --------------------: | ------------------------: | ----------------------------: | -----------: |',
);
for (const run of runs)
  for (const r of run.results)
    console.log(
      `| ${run.database} | ${r.name} | ${Math.round(r.requestsPerSecond)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.non2xx} | ${r.errors} | ${r.cpuMsPerRequest.toFixed(2)} | ${Number.isNaN(r.postgresCpuMsPerRequest) ? '-' : r.postgresCpuMsPerRequest.toFixed(2)} | ${r.generatorCpuMsPerRequest.toFixed(2)} | ${r.loadAverage.toFixed(1)} |`,
    );
console.log('\n| database | first start (migrations + demo seed) | resident memory after load |');
console.log('| -------- | ----------------------------------: | -------------------------: |');
for (const run of runs)
  console.log(`| ${run.database} | ${run.firstStartSeconds.toFixed(1)} s | ${Math.round(run.residentMiB)} MiB |`);
const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
const day = new Date().toISOString().slice(0, 16).replace('T', ' ');
console.log('');
for (const run of runs)
  for (const r of run.results) {
    const target =
      r.name === TARGET.endpoint && run.database.startsWith('PostgreSQL')
        ? `, target (${TARGET.requestsPerSecond}/s, p95 < ${TARGET.p95Ms} ms) ${
            r.requestsPerSecond >= TARGET.requestsPerSecond && r.p95 < TARGET.p95Ms && r.errors === 0
              ? 'met'
              : 'not met'
          }`
        : '';
    console.log(
      `summary: ${day} UTC, ${commit}, ${run.database}, ${r.name}: ${Math.round(r.requestsPerSecond)} requests/s, p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, ${r.errors} errors, ${r.non2xx} non-2xx, server CPU ${r.cpuMsPerRequest.toFixed(2)} ms/request${Number.isNaN(r.postgresCpuMsPerRequest) ? '' : ` + PostgreSQL ${r.postgresCpuMsPerRequest.toFixed(2)}`}, ${CONNECTIONS} connections, ${DURATION_SECONDS} s, load average ${r.loadAverage.toFixed(1)}, ${Math.round(run.residentMiB)} MiB after load${target}`,
    );
  }
process.exitCode = runs.some((run) => run.results.some((r) => r.errors > 0 || r.non2xx > 0)) ? 1 : 0;
