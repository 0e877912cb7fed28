import { z } from 'zod';

/** Every API failure has this body (DESIGN §3). */
export const ErrorBodySchema = z.object({
  status: z.number().int(),
  errorType: z.string(),
  message: z.string(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** errorType values the server sends and the console understands. */
export const ERROR_TYPES = {
  validation: 'ValidationException',
  invalidEmail: 'InvalidEmail',
  userNotFound: 'UserNotFound',
  wrongPassword: 'WrongPassword',
  userDisabled: 'UserDisabled',
  tooManyAttempts: 'TooManyAttempts',
  unauthenticated: 'Unauthenticated',
  forbidden: 'Forbidden',
  v1Only: 'StageV1Only',
  notFound: 'NotFound',
  methodNotAllowed: 'MethodNotAllowed',
  duplicateEmail: 'DuplicateEmail',
  roleNotAllowed: 'RoleNotAllowed',
  invalidState: 'InvalidState',
  invalidResetToken: 'InvalidResetToken',
  weakPassword: 'WeakPassword',
  mailUnavailable: 'MailUnavailable',
  internal: 'InternalError',
} as const;
export type ErrorType = (typeof ERROR_TYPES)[keyof typeof ERROR_TYPES];

/** User-facing texts fixed by the spec (spec 1 §8). */
export const MESSAGES = {
  invalidEmail: 'Please enter a valid email address',
  userNotFound: 'User does not exist',
  wrongPassword: 'Entered a wrong password, please try again',
  userDisabled: 'User has been disabled, please contact admin',
  tooManyAttempts: 'Too many sign-in attempts, please wait a minute and try again',
  userInfoError: 'Error. Refresh page?',
  offline: 'Network error. Refresh page ?',
  backOnline: 'Back online.',
  newVersion: 'New updates is available, please do refresh the page.',
  mapUnavailable: 'Map cannot be loaded right now, sorry.',
  unauthenticated: 'Please sign in',
  forbidden: 'You do not have access to this',
  v1Only: 'This account uses the V1 site',
  notFound: 'Not found',
  methodNotAllowed: 'Method not allowed',
  badUrl: 'Malformed URL',
  badRequest: 'Malformed request',
  internal: 'Something went wrong',
} as const;
