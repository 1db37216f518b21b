/**
 * Starts git commands from a small helper process instead of the server's own.
 *
 * Node starts a child by forking the parent, and a fork takes time in proportion to the parent's
 * memory: the server, with the embedded database's hundreds of megabytes, blocked its event loop
 * 20-30 ms per git command (against 4 ms for a small process), a third of the demo seed's time.
 * The helper (gitProcess.child.mjs, forked once, lazily) forks git for it; requests and answers
 * travel over its IPC channel, buffers included (advanced serialization). It never keeps the
 * server alive, and exits when the server goes; if it dies, the calls under way fail and the next
 * call starts a new one. See docs/decisions/018-git-runner-process.md.
 */
import { fork, type ChildProcess } from 'node:child_process';

/** One git command for the helper. */
export interface GitCommand {
  /** The git executable. */
  file: string;
  args: readonly string[];
  env: Record<string, string>;
  input?: string | Buffer;
  maxBuffer: number;
}

/** What a git command did: `code` 0, its exit code, or a Node error code (`ENOENT`, maxBuffer...). */
export interface GitOutcome {
  code: number | string | null;
  stdout: Buffer;
  stderr: string;
}

interface Answer {
  id: number;
  code: number | string | null;
  stdout: Uint8Array;
  stderr: string;
}

const CHILD = new URL('./gitProcess.child.mjs', import.meta.url);

let helper: ChildProcess | null = null;
let nextId = 0;
const pending = new Map<number, { resolve: (outcome: GitOutcome) => void; reject: (error: Error) => void }>();

function start(): ChildProcess {
  // No loader flags (tsx, inspector) and no inherited stdin: a plain, small Node process.
  const child = fork(CHILD, [], {
    execArgv: [],
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  child.on('message', ({ id, code, stdout, stderr }: Answer) => {
    const call = pending.get(id);
    pending.delete(id);
    call?.resolve({ code, stdout: Buffer.from(stdout.buffer, stdout.byteOffset, stdout.byteLength), stderr });
    if (pending.size === 0) unref(child);
  });
  child.on('exit', (code, signal) => {
    if (helper === child) helper = null;
    for (const [id, call] of pending) {
      pending.delete(id);
      call.reject(new Error(`the git runner process exited (${signal ?? code}) before answering`));
    }
  });
  child.on('error', () => {
    // Reported through `exit` (and a failed send's calls through their own rejection).
  });
  return child;
}

/** Lets the server exit while the helper idles (the helper follows it through `disconnect`). */
function unref(child: ChildProcess) {
  child.unref();
  (child.channel as { unref?: () => void } | undefined)?.unref?.();
}

/** Keeps the server's event loop alive while a command is under way. */
function ref(child: ChildProcess) {
  child.ref();
  (child.channel as { ref?: () => void } | undefined)?.ref?.();
}

/** Runs one git command in the helper process. */
export function runGit(command: GitCommand): Promise<GitOutcome> {
  helper ??= start();
  const child = helper;
  const id = (nextId += 1);
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    ref(child);
    child.send({ id, ...command }, (error) => {
      if (!error) return;
      pending.delete(id);
      reject(error);
    });
  });
}
