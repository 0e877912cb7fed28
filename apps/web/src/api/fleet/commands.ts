import {
  COMMAND_PATHS,
  CommandsResponseSchema,
  SendCommandResponseSchema,
  type CommandType,
  type DeviceCommandRow,
  type SendCommandRequest,
} from '@jejak/contract';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { apiPost } from '../client.ts';

export const commandKeys = { of: (vid: string) => ['commands', vid] as const };

/** Reread every few seconds while a command waits for the tracker, else every half minute. */
const WAITING_MS = 3_000;
const IDLE_MS = 30_000;

/** What the vehicle's tracker takes and its command log, newest first. */
export function useCommands(
  vid: string,
): UseQueryResult<{ available: CommandType[]; sms: CommandType[]; commands: DeviceCommandRow[] }> {
  return useQuery({
    queryKey: commandKeys.of(vid),
    queryFn: async () => {
      const { available, sms, commands } = await apiPost(COMMAND_PATHS.commandGet, { vid }, CommandsResponseSchema);
      return { available, sms, commands };
    },
    refetchInterval: (query) =>
      query.state.data?.commands.some((c) => c.status === 'QUEUED' || c.status === 'SENT') ? WAITING_MS : IDLE_MS,
  });
}

/** POST /command/send: the queued (or sent) command and the server's message. */
export function sendCommand(body: SendCommandRequest): Promise<{ command: DeviceCommandRow; message: string }> {
  return apiPost(COMMAND_PATHS.commandSend, body, SendCommandResponseSchema);
}
