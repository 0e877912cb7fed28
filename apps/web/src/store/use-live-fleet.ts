import { LIVE_PATH } from '@jejak/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { reportLostSession } from '../api/client.ts';
import { errorText } from '../api/error-text.ts';
import { hierarchyQuery, hierarchyQueryKey } from '../api/accounts/user.ts';
import { showToast } from '../ui/feedback/notifier.ts';
import { createLiveBatcher } from './live-batcher.ts';
import { LiveChannel, liveChannelUrl } from './live-channel.ts';
import { liveStore } from './live-store.ts';

/**
 * Keeps the live store filled for the signed-in user: loads the hierarchy (vehicles and
 * devices), subscribes the live channel to its devices and merges what the channel pushes, in
 * batches (live-batcher.ts: no render per message).
 * After an unexpected disconnect the channel reopens and the hierarchy is fetched again.
 */
export function useLiveFleet(uid: string): void {
  const queryClient = useQueryClient();
  const hierarchy = useQuery(hierarchyQuery(uid));
  const channelRef = useRef<LiveChannel | null>(null);

  useEffect(() => {
    const batcher = createLiveBatcher((messages) => liveStore.applyBatch(messages));
    const channel = new LiveChannel({
      url: liveChannelUrl(LIVE_PATH, window.location),
      onMessage: batcher.push,
      onReconnect: () => void queryClient.refetchQueries({ queryKey: hierarchyQueryKey(uid) }),
      // Expired, signed out elsewhere or disabled: the guard shows /Login, as after a 401.
      onSessionEnded: reportLostSession,
    });
    channelRef.current = channel;
    return () => {
      channel.close();
      batcher.cancel();
      channelRef.current = null;
    };
  }, [queryClient, uid]);

  useEffect(() => {
    if (!hierarchy.data) return;
    liveStore.reset(hierarchy.data.vehicles, hierarchy.data.devices);
    channelRef.current?.subscribe(
      hierarchy.data.devices.map((device) => `dev#${device.dvid}`),
      uid,
    );
  }, [hierarchy.data, uid]);

  useEffect(() => {
    if (hierarchy.error) showToast('error', errorText(hierarchy.error));
  }, [hierarchy.error]);
}
