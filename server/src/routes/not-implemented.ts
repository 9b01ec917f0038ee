import type { Handler } from '../context.ts';
import { AppError } from '../errors.ts';

/**
 * The ONE placeholder for every operation not implemented in this increment: a 501 problem. The
 * route table points each missing operation here, so `grep notImplemented` lists what remains.
 */
export function notImplemented(operationId: string): Handler {
  return () => {
    throw new AppError(
      501,
      'not-implemented',
      'Not implemented yet',
      `The operation ${operationId} is not implemented yet.`,
      {
        code: 'NOT_IMPLEMENTED',
      },
    );
  };
}
