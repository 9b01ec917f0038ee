/**
 * Test-only: checks a proxy answer against openapi/proxy.yaml (status declared, media type
 * declared, body valid against the schema). Shared by the route tests; never imported by app code.
 */
import { expect } from 'vitest';
import { operations, type OperationId } from '../../../generated/proxy/operations.ts';
import { deref, loadContract } from '../../../tests/contract/lib/openapi.ts';
import { ContractValidator } from '../../../tests/contract/lib/schema.ts';

const doc = loadContract('proxy');
const validator = new ContractValidator(doc);

/** Fails the test unless `body` matches the contract's schema for operation/status/media type. */
export function expectConforms(operationId: OperationId, response: Response, body: unknown): void {
  const { method, path } = operations[operationId];
  const declared = doc.paths[path][method].responses[String(response.status)];
  expect(declared, `${operationId} declares no ${response.status} response`).toBeDefined();
  const media = (response.headers.get('content-type') ?? '').split(';')[0]!.trim();
  // An answer the contract declares without content (204) must come without a body.
  if (!deref(doc, declared).content) {
    expect(body, `${operationId} ${response.status} declares no body`).toBe('');
    return;
  }
  const content = deref(doc, declared).content?.[media];
  expect(content, `${operationId} ${response.status} declares no ${media}`).toBeDefined();
  expect(validator.validate(content.schema, body)).toEqual([]);
}

/** The operation a request of `method` to `url` (a path under /api, with or without its query) is. */
export function operationOf(method: string, url: string): OperationId | undefined {
  const path = url.replace(/^\/api/, '').split('?')[0]!;
  const found = Object.entries(operations).find(([, operation]) => {
    if (operation.method !== method.toLowerCase()) return false;
    const pattern = operation.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\\{[^}]+\\\}|\{[^}]+\}/g, '[^/]+');
    return new RegExp(`^${pattern}$`).test(path);
  });
  return found?.[0] as OperationId | undefined;
}

/**
 * Fails the test unless a plain answer (status, media type, parsed body) to `method url` matches the
 * contract: the fault table's wrong-type rows whose step still succeeded (issue 29).
 */
export function expectAnswerConforms(
  method: string,
  url: string,
  answer: { status: number; contentType: string; body: unknown },
): void {
  const operationId = operationOf(method, url);
  expect(operationId, `no operation of proxy.yaml is ${method} ${url}`).toBeDefined();
  const headers = new Headers({ 'content-type': answer.contentType });
  expectConforms(operationId!, { status: answer.status, headers } as Response, answer.body);
}
