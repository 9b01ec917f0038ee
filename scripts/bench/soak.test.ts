/** The soak's reading of the proxy's heap (issue 17): the metric from the exposition, growth beyond noise. */
import { describe, expect, it } from 'vitest';
import { heapGrowth, usedHeapOf } from './soak.ts';

const MB = 1024 * 1024;

describe('the soak figure', () => {
  it("when prom-client's exposition is read, then the used heap; none when it names none", () => {
    const text =
      '# HELP nodejs_heap_size_used_bytes x\n# TYPE nodejs_heap_size_used_bytes gauge\nnodejs_heap_size_used_bytes 52428800\n';
    expect(usedHeapOf(text)).toBe(50 * MB);
    expect(usedHeapOf('nodejs_heap_size_total_bytes 1\n')).toBeUndefined();
  });

  it('when the heap goes up and down around a level, then no growth; when it climbs steadily, then growth', () => {
    const flat = Array.from({ length: 30 }, (_, i) => (60 + (i % 3) * 2) * MB);
    expect(heapGrowth(flat)).toMatchObject({ ok: true });
    const climbing = Array.from({ length: 30 }, (_, i) => (60 + i * 2) * MB);
    const grown = heapGrowth(climbing)!;
    expect(grown.ok).toBe(false);
    expect(grown.growth).toBeGreaterThan(grown.allowed);
  });

  it('when there are too few samples for two minutes, then no verdict', () => {
    expect(heapGrowth([1, 2, 3])).toBeUndefined();
  });
});
