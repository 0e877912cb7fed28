import { API_BASE, API_PATHS, ERROR_TYPES, ErrorBodySchema, MESSAGES } from '@jejak/contract';

/** errorType of failures that never reached the server or came back unreadable. */
export const CLIENT_ERROR_TYPES = {
  network: 'NetworkError',
  invalidResponse: 'InvalidResponse',
} as const;

/** Every failed call surfaces as one typed error: HTTP status, errorType and a user-facing text. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly errorType: string,
    message: string,
  ) {
    super(message);
  }
}

/** The part of a zod schema the client needs: validate a response body. */
export interface ResponseSchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false };
}

let unauthorizedHandler: (() => void) | null = null;

/** The one place a 401 leads back to /Login: the app registers what "signed out" means. */
export function onUnauthorized(handler: () => void): void {
  unauthorizedHandler = handler;
}

/** The session ended elsewhere than in a call (the live channel's close 4001): the same as a 401. */
export function reportLostSession(): void {
  unauthorizedHandler?.();
}

// Sign-in answers 401 for a wrong password, and the session probe answers 401 when signed
// out; neither means "the session just expired".
const NOT_A_LOST_SESSION: readonly string[] = [API_PATHS.login, API_PATHS.session];

function errorFromBody(status: number, body: unknown): ApiError {
  const parsed = ErrorBodySchema.safeParse(body);
  return parsed.success
    ? new ApiError(parsed.data.status || status, parsed.data.errorType, parsed.data.message)
    : new ApiError(status, ERROR_TYPES.internal, MESSAGES.internal);
}

async function request<T>(method: 'GET' | 'POST', path: string, body: unknown, schema: ResponseSchema<T>): Promise<T> {
  let response: Response;
  try {
    response = await fetch(API_BASE + path, {
      method,
      credentials: 'same-origin',
      headers: method === 'POST' ? { 'content-type': 'application/json' } : {},
      body: method === 'POST' ? JSON.stringify(body) : null,
    });
  } catch {
    throw new ApiError(0, CLIENT_ERROR_TYPES.network, MESSAGES.offline);
  }
  const json: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    if (response.status === 401 && !NOT_A_LOST_SESSION.includes(path)) unauthorizedHandler?.();
    throw errorFromBody(response.status, json);
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return parsed.data;
  // Some calls answer HTTP 200 with an error body (e.g. getInfo's ValidationException).
  if (ErrorBodySchema.safeParse(json).success) throw errorFromBody(response.status, json);
  throw new ApiError(response.status, CLIENT_ERROR_TYPES.invalidResponse, MESSAGES.internal);
}

export function apiPost<T>(path: string, body: unknown, schema: ResponseSchema<T>): Promise<T> {
  return request('POST', path, body, schema);
}

export function apiGet<T>(path: string, schema: ResponseSchema<T>): Promise<T> {
  return request('GET', path, undefined, schema);
}
