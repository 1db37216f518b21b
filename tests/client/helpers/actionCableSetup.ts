/**
 * Test setup for the realtime client: `@rails/actioncable` in Node, the server to test against,
 * and fake time that still lets the sockets talk.
 */
import { setTimeout as realDelay } from 'node:timers/promises';
import { adapters } from '@rails/actioncable';
import { vi } from 'vitest';
import { WebSocket } from 'ws';
import { startActionCableServer, type ActionCableServerOptions, type CableTestServer } from './actionCableServer';

/**
 * Lets `@rails/actioncable` run in Node (GITLAB-API.md section 4): `ws` as its WebSocket, and
 * no-op `addEventListener`/`removeEventListener` for the monitor's `visibilitychange` listener.
 * A DOM environment (jsdom) keeps its own listeners.
 */
export function installActionCableForNode(): void {
  adapters.WebSocket = WebSocket as unknown as typeof globalThis.WebSocket;
  globalThis.addEventListener ??= () => {};
  globalThis.removeEventListener ??= () => {};
}

/**
 * The server the realtime tests run against: the loopback server, or, when
 * `FORGEKIT_CABLE_TARGET` names a module, the `CableTestServer` its `startCableTestServer()`
 * returns (the product server's `/cable` with its test controls).
 */
export async function startCableTestServer(options: ActionCableServerOptions = {}): Promise<CableTestServer> {
  const target = process.env.FORGEKIT_CABLE_TARGET;
  if (!target) return startActionCableServer(options);
  const module = (await import(/* @vite-ignore */ target)) as {
    startCableTestServer(options: ActionCableServerOptions): Promise<CableTestServer>;
  };
  return module.startCableTestServer(options);
}

/**
 * Fakes the clock and timers the consumer and the loopback server use, leaving `setImmediate`,
 * `process.nextTick` and `node:timers` real, so sockets keep working between steps.
 */
export function installFakeCableTime(): void {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
}

/** Fake milliseconds per step of `advanceUntil`. */
export const TIME_STEP_MS = 50;
/** Real milliseconds between steps: enough for a loopback round trip. */
const IO_PAUSE_MS = 2;

async function step(ms: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms);
  await realDelay(IO_PAUSE_MS);
}

/**
 * With fake timers installed: advances the clock in `TIME_STEP_MS` steps, pausing for real
 * between steps so socket I/O happens, until `done()` holds. Fails after `limitMs` fake ms.
 *
 * @returns the fake milliseconds it took
 */
export async function advanceUntil(done: () => boolean, limitMs: number): Promise<number> {
  let elapsed = 0;
  await realDelay(IO_PAUSE_MS);
  while (!done()) {
    if (elapsed >= limitMs) throw new Error(`Condition not met within ${limitMs} ms of fake time`);
    await step(TIME_STEP_MS);
    elapsed += TIME_STEP_MS;
  }
  return elapsed;
}

/**
 * With fake timers installed: lets `ms` of fake time pass, with socket I/O along the way.
 *
 * @param stepMs Fake milliseconds per step: larger for a quiet period where timing is not measured.
 */
export async function advanceBy(ms: number, stepMs = TIME_STEP_MS): Promise<void> {
  await realDelay(IO_PAUSE_MS);
  for (let elapsed = 0; elapsed < ms; elapsed += stepMs) await step(Math.min(stepMs, ms - elapsed));
}
