/** Issue 3, "Done when": `make sandbox` starts in under 5 seconds (the process, from spawn to listening). */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

it('when the sandbox process starts, then it listens within 5 seconds and answers', async () => {
  const started = performance.now();
  const child = spawn(path.join(root, 'node_modules/.bin/node'), [path.join(root, 'mocks/sandbox/src/main.ts')], {
    env: { ...process.env, PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const match = /listening on http:\/\/localhost:(\d+)/.exec(out);
        if (match) resolve(Number(match[1]));
      });
      child.once('exit', (code) => reject(new Error(`sandbox exited with ${code}: ${out}`)));
      setTimeout(() => reject(new Error(`sandbox not listening after 10 s: ${out}`)), 10_000);
    });
    const elapsed = performance.now() - started;
    console.log(`sandbox start-up: ${Math.round(elapsed)} ms`);
    expect(elapsed).toBeLessThan(5_000);
    const res = await fetch(`http://127.0.0.1:${port}/`);
    expect(await res.json()).toMatchObject({ sandbox: true });
  } finally {
    child.kill('SIGTERM');
  }
});
