// CPU time of one run and the median of several: the measure the Markdown benches and the limits
// test compare against markdown-it, steadier than wall time on a shared machine.

/** The process's CPU time (user + system) spent while `run` ran, in ms. */
export async function cpuMs(run: () => unknown): Promise<number> {
  const start = process.cpuUsage();
  await run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

/** The middle value (the upper one of an even count). */
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
