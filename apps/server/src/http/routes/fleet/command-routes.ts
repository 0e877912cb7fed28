import { COMMAND_TEXTS, OPERATIONS } from '@jejak/contract';
import type { CommandService } from '../../../services/fleet/command-service.ts';
import type { Route } from '../../route-table.ts';

/** Commands to trackers (issue 29 item 4, ADR 0090); thin: the service checks role and reach. */
export function registerCommandRoutes(route: Route, service: CommandService): void {
  route(OPERATIONS.commandSend, async ({ actor, body }) => {
    const { command, online } = await service.send(actor, body);
    return { status: 200, command, message: online ? COMMAND_TEXTS.sent : COMMAND_TEXTS.queued };
  });

  route(OPERATIONS.commandGet, async ({ user, body: { vid } }) => ({
    status: 200,
    ...(await service.list(user, vid)),
  }));
}
