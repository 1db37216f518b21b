/**
 * Server processes as `npm run app` runs them (`node --import tsx app/server/main.ts`), for the
 * scale-out tests and the benchmarks: started with a given environment, ready once `/-/health`
 * answers, stopped with SIGTERM (SIGKILL if a test leaves one behind).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

/** The CLI entry the processes run. */
export const SERVER_MAIN = fileURLToPath(new URL('../../server/main.ts', import.meta.url));
/** How often readiness is polled. */
const STARTUP_POLL_MS = 200;
/** Generous: migrations, a demo seed or initdb on a loaded 2-core machine. */
export const STARTUP_TIMEOUT_MS = 240_000;

/** A free TCP port on loopback. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** A running server process. */
export interface ServerProcess {
  child: ChildProcess;
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** Everything the process printed so far. */
  output(): string;
  /** Milliseconds from spawn to the first healthy answer. */
  startupMs: number;
  /** SIGTERM, then waits for the exit code. */
  stop(): Promise<number | null>;
}

const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) if (child.exitCode === null) child.kill('SIGKILL');
});

/** Spawns a server on a free port with `env` added to this process's environment. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_MAIN], {
    // NODE_ENV as `npm run app` sets it (React and GraphQL in their production builds).
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = started + STARTUP_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${output}`);
    if (performance.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server not ready after ${STARTUP_TIMEOUT_MS} ms: ${output}`);
    }
    const ok = await fetch(`${url}/-/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, STARTUP_POLL_MS));
  }
  return {
    child,
    url,
    output: () => output,
    startupMs: performance.now() - started,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      const code = await exited;
      running.delete(child);
      return code;
    },
  };
}
