/**
 * The server render's door to the operations (domain/page-render.ts PageRead): a page's read runs
 * the operation of the route table through the same steps as the API's route (http/operation.ts):
 * its input parsed with the contract's schemas, the access rule, the locale, the run. A problem it
 * throws reaches the renderer as the status and problem the API would have answered.
 */
import { PageReadError, type PageRead } from '../../../domain/page-render.ts';
import type { OperationId } from '../../../generated/proxy/operations.ts';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { parseInput, PdfReply, Reply, runForShopper, type Operation, type RequestFacts } from '../http/operation.ts';
import { routes } from '../routes/route-table.ts';
import type { Shopper } from '../services/identity/shopper.ts';
import { sessionView } from '../session.ts';

/** The answer's body, as the API would have sent it. */
function bodyOf(answer: unknown): unknown {
  if (answer instanceof PdfReply) throw new Error('a page does not read a document');
  return answer instanceof Reply ? answer.body : answer;
}

async function run(ctx: AppContext, shopper: Shopper, id: OperationId, input: object, facts: RequestFacts) {
  const op = routes[id] as Operation<typeof id>;
  if (op.access === 'http') throw new Error(`${id} owns its HTTP exchange: a page cannot read it`);
  const parsed = parseInput(id, op, input, false);
  if (op.access === 'anyone') return bodyOf(await op.run(ctx, parsed, facts));
  return bodyOf(await runForShopper(ctx, id, op, shopper, parsed, facts));
}

/**
 * The reads of one page for `shopper` (the page request's, its session saved). `facts.page` is the
 * page's path and query without locale prefix. The session's own view is the page request's: it did
 * what GET /session does.
 */
export function pageDoor(ctx: AppContext, shopper: Shopper, facts: RequestFacts): PageRead {
  return (async (id: OperationId, input: object) => {
    if (id === 'getSession') return sessionView(shopper.session);
    try {
      return await run(ctx, shopper, id, input, facts);
    } catch (error) {
      if (error instanceof AppError) throw new PageReadError(error.toProblem());
      throw error;
    }
  }) as PageRead;
}
