import { MESSAGES } from '@jejak/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from './client.ts';
import { errorText, serverTextOr, signInErrorText, userInfoErrorText } from './error-text.ts';

describe('sign-in error texts (spec 1 §8)', () => {
  it.each([
    ['InvalidEmail', 'Please enter a valid email address'],
    ['UserDisabled', 'User has been disabled, please contact admin'],
    ['UserNotFound', 'User does not exist'],
    ['WrongPassword', 'Entered a wrong password, please try again'],
    ['TooManyAttempts', 'TooManyAttempts'],
    ['NetworkError', 'NetworkError'],
  ])('%s → %s', (errorType, text) => {
    expect(signInErrorText(new ApiError(401, errorType, 'server text'))).toBe(text);
  });

  it('shows InternalError for something that is not an API error', () => {
    expect(signInErrorText(new Error('boom'))).toBe('InternalError');
  });
});

describe('other error texts', () => {
  it('user info: ValidationException → Error. Refresh page?', () => {
    expect(userInfoErrorText(new ApiError(400, 'ValidationException', 'bad uid'))).toBe('Error. Refresh page?');
    expect(userInfoErrorText(new ApiError(403, 'Forbidden', MESSAGES.forbidden))).toBe(MESSAGES.forbidden);
  });

  it('shows the server message, never the code', () => {
    expect(errorText(new ApiError(500, 'InternalError', 'Something went wrong'))).toBe('Something went wrong');
    expect(errorText(new TypeError('x'))).toBe(MESSAGES.internal);
  });
});

describe('server text or the screen text', () => {
  it('shows the reason of a refusal and the fixed text otherwise', () => {
    const duplicate = new ApiError(409, 'DuplicateEmail', 'A user with this email already exists');
    expect(serverTextOr(duplicate, 'Error at editing user')).toBe('A user with this email already exists');
    expect(serverTextOr(new ApiError(500, 'InternalError', 'Something went wrong'), 'Error creating user')).toBe(
      'Error creating user',
    );
    expect(serverTextOr(new ApiError(0, 'NetworkError', 'offline'), 'Error getting users')).toBe('Error getting users');
    expect(serverTextOr(new TypeError('x'), 'Error migrating user')).toBe('Error migrating user');
  });

  it.each([
    [429, 'TooManyAttempts', 'Too many wrong passwords, please wait 15 minutes and try again'],
    [502, 'MailUnavailable', 'The e-mail could not be sent; please try again later'],
    [503, 'MailUnavailable', 'E-mail is not set up on this server'],
  ])('shows the server message for status %i', (status, errorType, message) => {
    expect(serverTextOr(new ApiError(status, errorType, message), MESSAGES.internal)).toBe(message);
  });

  it('shows the screen text for an answer the client could not read', () => {
    expect(serverTextOr(new ApiError(200, 'InvalidResponse', MESSAGES.internal), 'Error at editing user')).toBe(
      'Error at editing user',
    );
  });
});
