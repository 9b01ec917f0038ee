/**
 * A shopper of the scale tests (issue 16): the route tests' TestShopper (cookie, CSRF token, every
 * answer checked against proxy.yaml) pointed at nginx, noting which instance answered each call;
 * and a plain call for the answers the contract check is not about (503 while Redis is down).
 */
import type { OperationId } from '../../../generated/proxy/operations.ts';
import { TestShopper, type ShopAnswer } from '../../../server/src/testing/shop-client.ts';
import type { Cluster, Instance } from './cluster.ts';

export interface Served {
  operationId: OperationId | string;
  status: number;
  instance: string | undefined;
}

export interface PlainAnswer {
  status: number;
  contentType: string;
  /** problem+json or the operation's body, read loosely. */
  body: any;
  instance: Instance | undefined;
}

export class ClusterShopper extends TestShopper {
  /** Every call through nginx, in order, with the instance that answered. */
  readonly served: Served[] = [];
  private readonly cluster: Cluster;

  constructor(cluster: Cluster) {
    super((p) => cluster.url(p));
    this.cluster = cluster;
  }

  override async call(
    operationId: OperationId,
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<ShopAnswer> {
    const answer = await super.call(operationId, method, path, body, headers);
    this.served.push({
      operationId,
      status: answer.response.status,
      instance: this.cluster.servedBy(answer.response)?.name,
    });
    return answer;
  }

  /** The instance that answered the last call. */
  lastInstance(): Instance {
    const name = this.served.at(-1)?.instance;
    const instance = this.cluster.instances.find((candidate) => candidate.name === name);
    if (!instance) throw new Error(`no X-Upstream-Addr on the last answer: ${JSON.stringify(this.served.at(-1))}`);
    return instance;
  }

  /**
   * A call with this shopper's cookie and CSRF token, not checked against the contract, to nginx or
   * straight to one instance; gives up after `timeoutMs` (an answer that never comes is a failure too).
   */
  async plain(
    method: string,
    path: string,
    options: { body?: unknown; headers?: Record<string, string>; to?: Instance; timeoutMs?: number } = {},
  ): Promise<PlainAnswer> {
    const { cookie, csrf } = this.credentials();
    const response = await fetch(options.to ? options.to.url(path) : this.cluster.url(path), {
      method,
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      headers: {
        cookie,
        ...(method === 'GET' ? {} : { 'x-csrf-token': csrf }),
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...options.headers,
      },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });
    const contentType = (response.headers.get('content-type') ?? '').split(';')[0]!.trim();
    const text = await response.text();
    const instance = options.to ?? this.cluster.servedBy(response);
    this.served.push({ operationId: `${method} ${path}`, status: response.status, instance: instance?.name });
    return {
      status: response.status,
      contentType,
      body: contentType.includes('json') && text ? JSON.parse(text) : text,
      instance,
    };
  }
}

/** No two consecutive calls answered by the same instance, and both instances among them. */
export function alternated(served: Served[]): boolean {
  const names = served.map((s) => s.instance);
  return (
    names.every((name) => name !== undefined) &&
    new Set(names).size === 2 &&
    names.every((name, i) => i === 0 || name !== names[i - 1])
  );
}
