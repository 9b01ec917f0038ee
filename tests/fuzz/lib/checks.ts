/**
 * The checks Schemathesis runs, on one answer of the proxy, with the project's own contract
 * reader and validator: not_a_server_error, status_code_conformance, content_type_conformance,
 * response_schema_conformance, negative_data_rejection and ignored_auth (issue 17, fuzz sweep).
 */
import { deref, isJsonMedia, type Json, type Operation } from '../../contract/lib/openapi.ts';
import type { ContractValidator } from '../../contract/lib/schema.ts';
import type { FuzzCase } from './cases.ts';
import type { Visitor } from './fixtures.ts';
import { send, type RawAnswer } from './send.ts';

export interface Finding {
  check: string;
  operationId: string;
  case: string;
  request: string;
  status: number;
  detail: string;
}

/** Sends a case with the visitor's session cookie and CSRF token (unless the case leaves them out). */
export function sendCase(origin: string, visitor: Visitor, c: FuzzCase): Promise<RawAnswer> {
  return send(origin, {
    method: c.method,
    path: c.path,
    headers: {
      ...(c.withCookie ? { cookie: visitor.cookie } : {}),
      ...(c.withCsrf ? { 'x-csrf-token': visitor.csrf } : {}),
      ...c.headers,
    },
    ...(c.body === undefined ? {} : { body: c.body }),
  });
}

/** The declared response for a status: the exact code, then its class (`4XX`), then `default`. */
function declaredResponse(doc: Json, op: Operation, status: number): Json | undefined {
  const responses = op.operation.responses ?? {};
  const declared = responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
  return declared === undefined ? undefined : deref(doc, declared);
}

export function check(
  doc: Json,
  validator: ContractValidator,
  op: Operation,
  c: FuzzCase,
  answer: RawAnswer,
): Finding[] {
  const findings: Finding[] = [];
  const finding = (name: string, detail: string) =>
    findings.push({
      check: name,
      operationId: op.operation.operationId,
      case: c.label,
      request: `${c.method} ${c.path.slice(0, 160)}`,
      status: answer.status,
      detail: detail.slice(0, 600),
    });
  const { status, mediaType, text } = answer;
  if (status >= 500) finding('not_a_server_error', text.slice(0, 300));
  if (c.kind === 'invalid' && (status < 400 || status >= 500))
    finding('negative_data_rejection', `invalid input answered ${status}`);
  if ((c.kind === 'no-session' || c.kind === 'no-csrf') && status !== 401 && status !== 403)
    finding('ignored_auth', `${c.kind} answered ${status}`);

  const declared = declaredResponse(doc, op, status);
  if (!declared) {
    finding('status_code_conformance', `${status} not declared: ${text.slice(0, 300)}`);
    return findings;
  }
  if (!declared.content) {
    if (text !== '') finding('content_type_conformance', `${status} declares no body, got ${mediaType}`);
    return findings;
  }
  const content = declared.content[mediaType];
  if (!content) {
    const allowed = Object.keys(declared.content).join(', ');
    finding('content_type_conformance', `${status} answered ${mediaType || '(none)'}, declared ${allowed}`);
    return findings;
  }
  if (!isJsonMedia(mediaType) && !mediaType.endsWith('+json')) return findings; // a PDF, an image: bytes
  let body: Json;
  try {
    body = JSON.parse(text);
  } catch {
    finding('response_schema_conformance', `${mediaType} body is not JSON: ${text.slice(0, 200)}`);
    return findings;
  }
  const errors = content.schema ? validator.validate(content.schema, body) : [];
  if (errors.length) finding('response_schema_conformance', errors.join('; '));
  return findings;
}
