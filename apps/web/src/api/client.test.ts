import { SessionResponseSchema, VersionResponseSchema } from '@jejak/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiGet, apiPost, onUnauthorized, reportLostSession } from './client.ts';

function respond(status: number, body: unknown): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status })),
  );
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ApiError)) throw new Error('expected an ApiError');
  return error;
}

describe('api client', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    onUnauthorized(() => undefined);
  });

  it('posts JSON on the /api base with the session cookie and validates the answer', async () => {
    respond(200, { version: '0.1.0', region: 'my' });
    await expect(apiGet('/version', VersionResponseSchema)).resolves.toEqual({ version: '0.1.0', region: 'my' });
    respond(200, { version: '0.1.0', region: 'my' });
    await apiPost('/user/getInfo', { uid: 'u1' }, VersionResponseSchema);
    const fetchMock = vi.mocked(fetch);
    expect(fetchMock).toHaveBeenCalledWith('/api/user/getInfo', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: '{"uid":"u1"}',
    });
  });

  it('turns an error body into a typed error', async () => {
    respond(401, { status: 401, errorType: 'WrongPassword', message: 'Entered a wrong password, please try again' });
    const error = await failure(apiPost('/auth/login', {}, SessionResponseSchema));
    expect(error).toMatchObject({
      status: 401,
      errorType: 'WrongPassword',
      message: 'Entered a wrong password, please try again',
    });
  });

  it('reads an error body sent with HTTP 200', async () => {
    respond(200, { status: 400, errorType: 'ValidationException', message: 'uid' });
    const error = await failure(apiPost('/user/getInfo', { uid: '' }, SessionResponseSchema));
    expect(error.errorType).toBe('ValidationException');
  });

  it('reports network failures and unreadable answers', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    expect((await failure(apiGet('/version', VersionResponseSchema))).errorType).toBe('NetworkError');
    respond(200, { unexpected: true });
    expect((await failure(apiGet('/version', VersionResponseSchema))).errorType).toBe('InvalidResponse');
    respond(502, 'bad gateway');
    expect(await failure(apiGet('/version', VersionResponseSchema))).toMatchObject({
      status: 502,
      errorType: 'InternalError',
    });
  });

  it('calls the unauthorized handler on a 401, except from sign-in and the session probe', async () => {
    const handler = vi.fn();
    onUnauthorized(handler);
    const body = { status: 401, errorType: 'Unauthenticated', message: 'Please sign in' };
    respond(401, body);
    await failure(apiPost('/user/gethierarchy', { uid: 'u1' }, SessionResponseSchema));
    expect(handler).toHaveBeenCalledTimes(1);
    respond(401, body);
    await failure(apiPost('/auth/login', {}, SessionResponseSchema));
    respond(401, body);
    await failure(apiPost('/auth/session', {}, SessionResponseSchema));
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('treats a session lost on the live channel as a 401', () => {
    const handler = vi.fn();
    onUnauthorized(handler);
    reportLostSession();
    expect(handler).toHaveBeenCalledTimes(1);
  });
});
