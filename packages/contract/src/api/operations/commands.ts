import {
  CommandsRequestSchema,
  CommandsResponseSchema,
  SendCommandRequestSchema,
  SendCommandResponseSchema,
} from '../../fleet/commands.ts';
import { grant, post } from '../operation.ts';
import { API_PATHS } from '../routes.ts';

const sendCommands = grant('sendCommands');

/** Commands to trackers (issue 29 item 4, ADR 0090). */
export const COMMAND_OPERATIONS = {
  commandSend: post(
    API_PATHS.commandSend,
    sendCommands,
    "Send a command to a vehicle's tracker, queued until it is online",
    SendCommandRequestSchema,
    SendCommandResponseSchema,
  ),
  commandGet: post(
    API_PATHS.commandGet,
    sendCommands,
    "The commands a vehicle's tracker takes and its command log",
    CommandsRequestSchema,
    CommandsResponseSchema,
  ),
};
