import { COMMAND_TEXTS, OPERATIONS } from '@jejak/contract';
import type { CommandService } from '../../../services/fleet/command-service.ts';
import type { Route } from '../../route-table.ts';

/** Commands to trackers (issue 29 item 4, ADR 0090); thin: the service checks role and reach. */
export function registerCommandRoutes(route: Route, service: CommandService): void {
  route(OPERATIONS.commandSend, async ({ actor, body }) => {
    const { command, how } = await service.send(actor, body);
    const message =
      how === 'online' ? COMMAND_TEXTS.sent : how === 'sms' ? COMMAND_TEXTS.sentBySms : COMMAND_TEXTS.queued;
    return { status: 200, command, message };
  });

  route(OPERATIONS.commandGet, async ({ user, body: { vid } }) => ({
    status: 200,
    ...(await service.list(user, vid)),
  }));
}
