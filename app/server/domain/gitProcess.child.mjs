// The git runner process (see gitProcess.ts): a small Node process that starts each git command
// for the server. Plain JavaScript, so that it starts without the TypeScript loader and stays small:
// a process forks in time proportional to its memory, and this one has a few tens of megabytes.
import { execFile } from 'node:child_process';

process.on('message', ({ id, file, args, env, input, maxBuffer }) => {
  const child = execFile(file, args, { encoding: 'buffer', maxBuffer, env }, (error, stdout, stderr) => {
    process.send({ id, code: error ? (error.code ?? null) : 0, stdout, stderr: stderr.toString('utf8') });
  });
  // The command may exit before reading all of its input; its exit code tells.
  child.stdin?.on('error', () => {});
  child.stdin?.end(input ?? '');
});

// The server has gone (exited or crashed): nothing is left to run for.
process.on('disconnect', () => process.exit(0));
