import type { FastifyError, FastifyInstance } from 'fastify';
import { ERROR_TYPES, MESSAGES, validationMessage, type ErrorBody } from '@jejak/contract';
import { ZodError } from 'zod';
import { AppError } from '../errors.ts';

/** The one mapping of failures to {status, errorType, message}; never a stack trace or SQL. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    let body: ErrorBody;
    if (error instanceof AppError) {
      body = { status: error.status, errorType: error.errorType, message: error.message };
      const retryAfterS = error.details?.retryAfterS;
      if (typeof retryAfterS === 'number') void reply.header('retry-after', String(retryAfterS));
    } else if (error instanceof ZodError) {
      body = { status: 400, errorType: ERROR_TYPES.validation, message: validationMessage(error) };
    } else if ('statusCode' in error && typeof error.statusCode === 'number' && error.statusCode < 500) {
      // Fastify's own client errors: bad JSON, body too large, wrong content type.
      body = { status: error.statusCode, errorType: ERROR_TYPES.validation, message: error.message };
    } else {
      request.log.error({ err: error, reqId: request.id }, 'unhandled error');
      body = { status: 500, errorType: ERROR_TYPES.internal, message: MESSAGES.internal };
    }
    void reply.status(body.status).send(body);
  });
}
