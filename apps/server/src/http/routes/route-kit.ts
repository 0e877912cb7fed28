import type { FastifyRequest } from 'fastify';
import type { AuthService } from '../../services/accounts/auth-service.ts';
import type { Actor } from '../../services/access.ts';
import { requireUser } from '../session.ts';

/** The signed-in caller and its address, for calls that change something (and are audited). */
export async function requireActor(auth: AuthService, request: FastifyRequest): Promise<Actor> {
  return { user: await requireUser(auth, request), ip: request.ip };
}
