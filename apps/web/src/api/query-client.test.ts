import { QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './client.ts';
import { isRefusal, queryClient } from './query-client.ts';

/** Mounts an observer of `key` (as a component's useQuery does) until the query settles, then unmounts it. */
async function mountUntilSettled(key: string, queryFn: () => Promise<never>): Promise<void> {
  // Server errors are not retried here, so the test does not wait out the back-off.
  const observer = new QueryObserver(queryClient, {
    queryKey: [key],
    queryFn,
    retry: (n, e) => !isRefusal(e) && n < 0,
  });
  const unsubscribe = observer.subscribe(() => undefined);
  while (observer.getCurrentResult().isFetching) await new Promise((resolve) => setTimeout(resolve, 5));
  unsubscribe();
}

describe('query client', () => {
  afterEach(() => queryClient.clear());

  it.each([400, 401, 403, 404])('does not ask again when a screen remounts a query refused with %i', async (status) => {
    const queryFn = vi.fn(() => Promise.reject(new ApiError(status, 'Refused', 'no')));
    for (let mount = 0; mount < 5; mount += 1) await mountUntilSettled(`refused-${status}`, queryFn);
    expect(queryFn).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryState([`refused-${status}`])?.status).toBe('error');
  });

  it('asks again on remount after a network or server error', async () => {
    const queryFn = vi.fn(() => Promise.reject(new ApiError(500, 'InternalServerError', 'boom')));
    await mountUntilSettled('server-error', queryFn);
    await mountUntilSettled('server-error', queryFn);
    expect(queryFn).toHaveBeenCalledTimes(2);
  });

  it('tells refusals from other failures', () => {
    expect(isRefusal(new ApiError(403, 'Forbidden', 'no'))).toBe(true);
    expect(isRefusal(new ApiError(0, 'NetworkError', 'offline'))).toBe(false);
    expect(isRefusal(new ApiError(503, 'Unavailable', 'later'))).toBe(false);
    expect(isRefusal(new Error('x'))).toBe(false);
  });
});
