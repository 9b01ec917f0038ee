/** Stripe's search language for customers (`GET /v1/customers/search`): one or more clauses joined by AND or OR. */
import { invalidRequest } from './errors.ts';
import type { Customer } from './store.ts';

/** One clause of Stripe's search language: `field:'value'`, `field~'value'`, `metadata['k']:'v'`. */
export interface SearchClause {
  negate: boolean;
  field: string;
  metadataKey?: string;
  operator: ':' | '~';
  value: string;
}

export function parseSearchQuery(query: string): { clauses: SearchClause[]; joiner: 'AND' | 'OR' } {
  const trimmed = query.trim();
  const invalid = () =>
    invalidRequest(`Invalid search query: ${query}. See https://stripe.com/docs/search#search-query-language.`, {
      param: 'query',
    });
  if (!trimmed) throw invalid();
  const hasAnd = / AND /.test(trimmed);
  const hasOr = / OR /.test(trimmed);
  if (hasAnd && hasOr) throw invalid();
  const joiner = hasOr ? 'OR' : 'AND';
  const clauses = trimmed.split(joiner === 'OR' ? / OR / : / AND /).map((part) => {
    const match = /^(-)?([a-z_]+)(?:\[(['"])(.+?)\3\])?\s*(:|~)\s*(['"])(.*)\6$/.exec(part.trim());
    if (!match) throw invalid();
    const [, negate, field = '', , metadataKey, operator, , value = ''] = match;
    if (!['email', 'name', 'phone', 'metadata', 'description'].includes(field)) throw invalid();
    if ((field === 'metadata') !== (metadataKey !== undefined)) throw invalid();
    return {
      negate: negate === '-',
      field,
      ...(metadataKey !== undefined ? { metadataKey } : {}),
      operator: operator as ':' | '~',
      value: value.replace(/\\(['"])/g, '$1'),
    };
  });
  return { clauses, joiner };
}

export function matches(customer: Customer, clause: SearchClause): boolean {
  const actual =
    clause.field === 'metadata'
      ? customer.metadata?.[clause.metadataKey ?? '']
      : (customer[clause.field as 'email' | 'name' | 'phone' | 'description'] ?? undefined);
  const hit =
    actual !== undefined &&
    actual !== null &&
    (clause.operator === ':'
      ? actual.toLowerCase() === clause.value.toLowerCase()
      : actual.toLowerCase().includes(clause.value.toLowerCase()));
  return clause.negate ? !hit : hit;
}
