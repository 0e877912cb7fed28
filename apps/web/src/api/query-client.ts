import { QueryClient, type Query } from '@tanstack/react-query';
import { ApiError } from './client.ts';

/**
 * A refusal: the server answered the call and said no (400 bad request, 401 signed out, 403 not
 * allowed, 404 not there, and the other 4xx). Asking again gives the same answer.
 */
export function isRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

/** A refusal is final; network and server errors get two more tries. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isRefusal(error)) return false;
  return failureCount < 2;
}

/**
 * A screen that mounts a query the server refused does not ask again: without this, a screen
 * showing a spinner while the query loads and a part that reads the same query after it failed
 * unmount and remount each other, asking many times a second (issue 25, defect 1).
 */
function retriesOnMount(query: Query): boolean {
  return !isRefusal(query.state.error);
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, retryOnMount: retriesOnMount, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
