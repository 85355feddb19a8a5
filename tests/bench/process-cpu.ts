import { readdirSync, readFileSync } from "node:fs";

/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS = 100;

/** The workerd processes started by this process (Miniflare's), by pid. */
export function workerdChildren(): Set<number> {
  const found = new Set<number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (stat.includes("(workerd)") && Number(fields[1]) === process.pid) found.add(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return found;
}

/** User + system CPU seconds of a process so far. */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // Fields 14 and 15 of stat(5), counted from the state field (3) here.
  return (Number(fields[11]) + Number(fields[12])) / TICKS;
}
