/**
 * A server-rendered page hydrates with the server's answers in SWR's cache (issue 35): the hooks
 * ask the proxy nothing again and render no more than hydration renders them, in the shell and in
 * a Suspense boundary React hydrates in a pass of its own; a hook mounted later asks as usual.
 */
import { act, lazy, startTransition, Suspense, useLayoutEffect, useState, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
// eslint-disable-next-line no-restricted-imports -- SWR's own plumbing under test, with a bare hook and fetcher
import useSWR, { SWRConfig, unstable_serialize } from 'swr';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { hydratesWithAnswers, seededCache, serverAnswers } from './server-data.ts';

// Keys of each test's own: SWR keeps what it first saw under a key in a module of its own, shared
// by every cache (and, in this project, by the test files a worker runs, vitest.config.ts).
let SESSION: readonly string[] = [];
let ORDER: readonly string[] = [];
let SERIALISED = '';

beforeAll(() => {
  // React's act() in a test environment of its own (no testing library here).
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

beforeEach(() => {
  const test = crypto.randomUUID();
  SESSION = ['getSession', `en-GB ${test}`];
  ORDER = ['getOrder', `00001005 ${test}`];
  SERIALISED = unstable_serialize(SESSION);
});

afterEach(() => {
  document.body.innerHTML = '';
});

/** Lets SWR's deferred work run: its revalidation waits for an animation frame. */
const frames = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

function harness(answers: Record<string, unknown>, failures = {}) {
  const fetcher = vi.fn(async (key: readonly string[]) => ({ read: key.join(' ') }));
  // Each render React commits (an abandoned render pass, which React may restart while it hydrates,
  // does not count): the layout effect runs after every committed render.
  const commits: string[] = [];
  function Reader({ name, swrKey }: { name: string; swrKey?: readonly string[] }) {
    const { data, error } = useSWR(swrKey ?? SESSION, fetcher);
    useLayoutEffect(() => {
      commits.push(name);
    });
    return <p>{`${name}: ${error ? 'failed' : JSON.stringify(data)}`}</p>;
  }
  const tree = (children: ReactNode, browser: boolean) => (
    <SWRConfig
      value={{
        provider: () => seededCache(failures, answers),
        ...(browser ? { use: [hydratesWithAnswers(new Set(Object.keys(answers)))] } : {}),
      }}
    >
      {children}
    </SWRConfig>
  );
  return { fetcher, commits, Reader, tree };
}

async function hydrate(ui: (browser: boolean) => ReactNode): Promise<HTMLElement> {
  const container = document.createElement('div');
  container.innerHTML = renderToString(ui(false));
  document.body.append(container);
  // As the app hydrates (boot.tsx): a transition, each Suspense boundary in a pass of its own.
  await act(async () => {
    startTransition(() => {
      hydrateRoot(container, ui(true));
    });
  });
  await frames();
  return container;
}

describe('hydrating with the server answers', () => {
  it('when a key is read in the shell and again in a lazy page hydrated in a later pass, then nothing is asked and nothing renders twice', async () => {
    const { fetcher, commits, Reader, tree } = harness({ [SERIALISED]: { read: 'by the server' } });
    const Page = () => <Reader name="page" />;
    // The page's chunk, as the shell's routes load it: its boundary hydrates once it is in.
    const LazyPage = lazy(async () => ({ default: Page }));
    const container = await hydrate((browser) =>
      tree(
        <>
          <Reader name="header" />
          <Suspense fallback={<p>Loading…</p>}>{browser ? <LazyPage /> : <Page />}</Suspense>
        </>,
        browser,
      ),
    );
    expect(fetcher).not.toHaveBeenCalled();
    // Each committed once, by its hydration: no render after it.
    expect(commits).toEqual(['header', 'page']);
    expect(container.textContent).toBe('header: {"read":"by the server"}page: {"read":"by the server"}');
  });

  it('when a hook mounts after hydration, then it asks as usual', async () => {
    const { fetcher, Reader, tree } = harness({ [SERIALISED]: { read: 'by the server' } });
    let show: (shown: boolean) => void = () => undefined;
    function Later() {
      const [shown, setShown] = useState(false);
      show = setShown;
      return shown ? <Reader name="later" swrKey={ORDER} /> : null;
    }
    const container = await hydrate((browser) =>
      tree(
        <>
          <Reader name="header" />
          <Later />
        </>,
        browser,
      ),
    );
    await act(async () => show(true));
    await frames();
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(fetcher).toHaveBeenCalledWith(ORDER);
    expect(container.textContent).toContain(`later: {"read":"${ORDER.join(' ')}"}`);
  });

  it('when the server could not read a key, then the browser asks for it again', async () => {
    const problem = { type: 'about:blank', title: 'Service unavailable', status: 503 };
    const { fetcher, Reader, tree } = harness({}, { [SERIALISED]: { status: 503, problem } });
    const container = await hydrate((browser) => tree(<Reader name="header" />, browser));
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(container.textContent).toBe(`header: {"read":"${SESSION.join(' ')}"}`);
  });
});

describe('serverAnswers', () => {
  it('keeps every answer but those to ask again', () => {
    const data = { [SERIALISED]: { csrfToken: 't' }, '@"getRenewalPage",': { product: {} } };
    expect(serverAnswers(data, (key) => key.includes('getRenewalPage'))).toEqual({ [SERIALISED]: { csrfToken: 't' } });
    expect(serverAnswers(data)).toEqual(data);
  });
});
