/**
 * Issue 16's floor (floor-server.ts) as a process of its own, and the CPU time a process spent, from
 * /proc: what a request costs whatever else the machine runs at that moment.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './config.ts';

export interface Floor {
  url: string;
  pid: number | undefined;
  stop(): void;
}

/** The bare two-lookup server against `sandbox`, answering `answerBytes` of JSON per request. */
export async function startFloor(sandbox: string, answerBytes: number): Promise<Floor> {
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'scripts/bench/floor-server.ts')], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, SANDBOX: sandbox, ANSWER_BYTES: String(answerBytes) },
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the floor server stopped (${code}) before listening`)));
    child.stdout!.once('data', (chunk: Buffer) => resolve(Number(String(chunk).trim().split('\n')[0])));
  });
  return { url: `http://127.0.0.1:${port}/`, pid: child.pid, stop: () => child.kill('SIGTERM') };
}

/** The process's CPU time so far (user + system, ms), from /proc; undefined where there is none. */
export function cpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th, in ticks of 10 ms.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}
