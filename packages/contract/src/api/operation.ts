import { z } from 'zod';
import { mayCall, toPermissionRole, type AccountCall, type RoleValue } from '@jejak/domain';

/**
 * Who may call an operation; the server checks it before the handler runs (ADR 0065).
 * - `public`: no session (sign-in, the reset link, the version, the map's config);
 * - `signedIn`: a session of any stage, V1-only included (what the console's stage gate needs);
 * - `session`: a V2 user; the service checks what else the call needs (a grant that depends on
 *   the body, the hierarchy);
 * - `{call}`: a V2 user whose role has this grant of the permission table (domain's `mayCall`);
 * - `{roles}`: a V2 user of one of these roles.
 * A caller is refused a grant or role after the body is validated, as the services refuse it.
 */
export type Access =
  'public' | 'signedIn' | 'session' | { readonly call: AccountCall } | { readonly roles: readonly RoleValue[] };

/**
 * Whether a signed-in V2 user of `role` passes an access entry's grant or role: the gate's last
 * check, shared by the server and the console (which asks only for what the role may read).
 */
export function accessAllows(access: Access, role: RoleValue): boolean {
  if (typeof access === 'string') return true;
  if ('call' in access) return mayCall(toPermissionRole(role), access.call);
  return access.roles.includes(role);
}

/** A grant of the permission table as an operation's access. */
export const grant = <const C extends AccountCall>(call: C): { readonly call: C } => ({ call });

/**
 * One API call: what the server registers, validates and answers, and what the OpenAPI
 * document lists. `request` is the body's schema (null: the call reads no body).
 */
export interface Operation<
  Req extends z.ZodType | null = z.ZodType | null,
  Res extends z.ZodType = z.ZodType,
  A extends Access = Access,
> {
  readonly method: 'get' | 'post';
  readonly path: string;
  readonly summary: string;
  readonly access: A;
  readonly request: Req;
  readonly response: Res;
  /** The media type of a file answer (e.g. an .xlsx); the answer is JSON when absent. */
  readonly responseType?: string;
}

/** An operation whose answer is a file of `responseType`, streamed. */
export type FileOperation<Req extends z.ZodType | null = z.ZodType | null, A extends Access = Access> = Operation<
  Req,
  typeof FileSchema,
  A
> & { readonly responseType: string };

/** What the OpenAPI document says of a file answer: bytes. */
const FileSchema = z.string();

/** A JSON call: POST with a JSON body, answered with JSON. */
export const post = <Req extends z.ZodType | null, Res extends z.ZodType, const A extends Access>(
  path: string,
  access: A,
  summary: string,
  request: Req,
  response: Res,
): Operation<Req, Res, A> => ({ method: 'post', path, summary, access, request, response });

/** A POST with a JSON body answered with a file of `responseType`. */
export const postFile = <Req extends z.ZodType, const A extends Access>(
  path: string,
  access: A,
  summary: string,
  request: Req,
  responseType: string,
): FileOperation<Req, A> => ({ method: 'post', path, summary, access, request, response: FileSchema, responseType });

/** A GET without parameters, answered with JSON. */
export const get = <Res extends z.ZodType, const A extends Access>(
  path: string,
  access: A,
  summary: string,
  response: Res,
): Operation<null, Res, A> => ({ method: 'get', path, summary, access, request: null, response });
