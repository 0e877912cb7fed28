import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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

/**
 * Fastify's errors from before routing (a URL that does not decode), which skip the error
 * handler: the same body as every other failure, never the framework's own.
 */
export function onFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const bad = error.code === 'FST_ERR_BAD_URL';
  if (!bad) request.log.warn({ err: error, reqId: request.id }, 'framework error');
  const body: ErrorBody = {
    status: 400,
    errorType: ERROR_TYPES.validation,
    message: bad ? MESSAGES.badUrl : MESSAGES.badRequest,
  };
  void reply.status(400).header('cache-control', 'no-store').send(body);
}

/** A request Node's HTTP parser refuses (bad request line, header overflow, timeout), in our shape. */
export function onClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const body = JSON.stringify({ status, errorType: ERROR_TYPES.validation, message: MESSAGES.badRequest });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Bad Request'}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** An unknown API path is a 404; a known one called with the wrong method is a 405 naming the right one. */
export function apiMiss(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): void {
  const path = request.url.split('?')[0] ?? '';
  const allowed = (['GET', 'POST'] as const).filter((method) => app.hasRoute({ method, url: path }));
  if (allowed.length > 0) {
    const body: ErrorBody = {
      status: 405,
      errorType: ERROR_TYPES.methodNotAllowed,
      message: MESSAGES.methodNotAllowed,
    };
    void reply.status(405).header('allow', allowed.join(', ')).send(body);
    return;
  }
  void reply.status(404).send({ status: 404, errorType: ERROR_TYPES.notFound, message: MESSAGES.notFound });
}
