/**
 * Issue 35's yardsticks (floor-ratios.ts): each share is the figure's throughput over its
 * yardstick's in the same run, and passes only at its target with no errors.
 */
import { describe, expect, it } from 'vitest';
import { pageRatio, renewalRatio, sessionRatio, withoutScripts } from './floor-ratios.ts';

const floor = { rps: 1000, p99: 50, errors: 0 };

describe('the renewal call beside the bare floor (goal 3)', () => {
  it("when it reaches half the floor with a p99 within twice the floor's, then it passes", () => {
    const ratio = renewalRatio({ rps: 500, p99: 100, errors: 0 }, floor);
    expect(ratio.share).toBe(50);
    expect(ratio.pass).toBe(true);
    expect(ratio.text).toBe("50.0 % (500 ÷ 1000 req/s); p99 100 ms vs the floor's 50 ms (limit 100 ms); 0 errors");
  });

  it("when it is below half, its p99 above twice the floor's, or it had errors, then it fails", () => {
    expect(renewalRatio({ rps: 499, p99: 60, errors: 0 }, floor).pass).toBe(false);
    expect(renewalRatio({ rps: 900, p99: 101, errors: 0 }, floor).pass).toBe(false);
    expect(renewalRatio({ rps: 900, p99: 60, errors: 1 }, floor).pass).toBe(false);
  });

  it('when the floor answered nothing, then there is no share and no pass', () => {
    const ratio = renewalRatio({ rps: 500, p99: 60, errors: 0 }, { rps: 0, p99: 0, errors: 10 });
    expect(ratio.share).toBe(0);
    expect(ratio.pass).toBe(false);
  });
});

describe('the session read beside the bare floor (goal 3)', () => {
  it('when it reaches 85 % of the floor without errors, then it passes; below, it fails', () => {
    expect(sessionRatio({ rps: 850, p99: 40, errors: 0 }, floor).pass).toBe(true);
    expect(sessionRatio({ rps: 849, p99: 40, errors: 0 }, floor).pass).toBe(false);
    expect(sessionRatio({ rps: 2000, p99: 40, errors: 3 }, floor).pass).toBe(false);
  });
});

describe('the rendered page beside its static snapshot (goal 4)', () => {
  it('when it reaches a quarter of the snapshot without errors, then it passes, both p99s named', () => {
    const ratio = pageRatio({ rps: 250, p99: 400, errors: 0 }, { rps: 1000, p99: 90, errors: 0 });
    expect(ratio.pass).toBe(true);
    expect(ratio.text).toContain("p99 400 ms vs the snapshot's 90 ms");
    expect(pageRatio({ rps: 249, p99: 400, errors: 0 }, { rps: 1000, p99: 90, errors: 0 }).pass).toBe(false);
  });
});

describe('withoutScripts', () => {
  it('when a page has scripts and module preloads, then its copy keeps everything else', () => {
    const page =
      '<head><link rel="modulepreload" crossorigin href="/a.js"><link rel="stylesheet" href="/a.css"></head>' +
      '<body><div id="root"><h1>Renew</h1></div><script type="application/json" id="page-data">{}</script>' +
      '<script type="module" src="/main.js"></script></body>';
    expect(withoutScripts(page)).toBe(
      '<head><link rel="stylesheet" href="/a.css"></head><body><div id="root"><h1>Renew</h1></div></body>',
    );
  });
});
