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
