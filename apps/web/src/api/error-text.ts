import { ERROR_TYPES, MESSAGES } from '@jejak/contract';
import { ApiError, CLIENT_ERROR_TYPES } from './client.ts';

/** Sign-in texts of spec 1 §8; any other error shows its raw code. */
const SIGN_IN_TEXTS: Readonly<Record<string, string>> = {
  [ERROR_TYPES.invalidEmail]: MESSAGES.invalidEmail,
  [ERROR_TYPES.userDisabled]: MESSAGES.userDisabled,
  [ERROR_TYPES.userNotFound]: MESSAGES.userNotFound,
  [ERROR_TYPES.wrongPassword]: MESSAGES.wrongPassword,
};

export function errorTypeOf(error: unknown): string {
  return error instanceof ApiError ? error.errorType : ERROR_TYPES.internal;
}

export function signInErrorText(error: unknown): string {
  const code = errorTypeOf(error);
  return SIGN_IN_TEXTS[code] ?? code;
}

/** User info fails with 'Error. Refresh page?' on a ValidationException (spec 1 §8). */
export function userInfoErrorText(error: unknown): string {
  return errorTypeOf(error) === ERROR_TYPES.validation ? MESSAGES.userInfoError : errorText(error);
}

/** Elsewhere the server's own message is shown (its texts are the spec's); codes never are. */
export function errorText(error: unknown): string {
  return error instanceof ApiError && error.message ? error.message : MESSAGES.internal;
}

/** Failures that carry no reason: the server was not reached, its answer was unreadable, or it failed unexpectedly. */
const WITHOUT_REASON: readonly string[] = [
  CLIENT_ERROR_TYPES.network,
  CLIENT_ERROR_TYPES.invalidResponse,
  ERROR_TYPES.internal,
];

/**
 * "The fixed text or the server message" (spec 1 §8, spec 3 §8): whatever the status, a failure
 * the server explains (a duplicate e-mail, 429 too many attempts, 503 'E-mail is not set up on
 * this server') shows the server's reason; one without a reason shows the screen's own text.
 */
export function serverTextOr(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.message && !WITHOUT_REASON.includes(error.errorType)) return error.message;
  return fallback;
}
