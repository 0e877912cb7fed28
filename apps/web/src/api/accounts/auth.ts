import { API_PATHS, SessionResponseSchema, type LoginRequest, type SessionUser } from '@jejak/contract';
import { setConsoleTimeZone } from '../../ui/format.ts';
import { ApiError, apiPost, type ResponseSchema } from '../client.ts';

export const SESSION_QUERY_KEY = ['session'] as const;

/** Sign-out answers 200 with nothing the console needs to read. */
const ANY_BODY: ResponseSchema<unknown> = { safeParse: (data) => ({ success: true, data }) };

export async function signIn(request: LoginRequest): Promise<SessionUser> {
  const response = await apiPost(API_PATHS.login, request, SessionResponseSchema);
  setConsoleTimeZone(response.timeZone);
  return response.user;
}

/** The signed-in user, or null when there is no session (HTTP 401). */
export async function fetchSession(): Promise<SessionUser | null> {
  try {
    const response = await apiPost(API_PATHS.session, {}, SessionResponseSchema);
    setConsoleTimeZone(response.timeZone);
    return response.user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export async function signOut(): Promise<void> {
  await apiPost(API_PATHS.logout, {}, ANY_BODY);
}
