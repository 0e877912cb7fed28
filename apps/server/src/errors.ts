import { ERROR_TYPES, MESSAGES, type ErrorType } from '@jejak/contract';

/** The one application error: mapped by the HTTP handler to {status, errorType, message}. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly errorType: ErrorType,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  static validation(message: string): AppError {
    return new AppError(400, ERROR_TYPES.validation, message);
  }
  static unauthenticated(): AppError {
    return new AppError(401, ERROR_TYPES.unauthenticated, MESSAGES.unauthenticated);
  }
  static forbidden(): AppError {
    return new AppError(403, ERROR_TYPES.forbidden, MESSAGES.forbidden);
  }
  /** A user with only a V1 stage calling the V2 API. */
  static v1Only(): AppError {
    return new AppError(403, ERROR_TYPES.v1Only, MESSAGES.v1Only);
  }
  /** Also used for objects outside the caller's subtree, so existence is not revealed. */
  static notFound(message: string = MESSAGES.notFound): AppError {
    return new AppError(404, ERROR_TYPES.notFound, message);
  }
}
