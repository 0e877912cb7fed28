import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router';
import { userInfoErrorText } from '../api/error-text.ts';
import { fetchStages, userInfoQueryKey } from '../api/accounts/user.ts';
import { V1StageScreen } from '../screens/StageV1/V1StageScreen.tsx';
import { showToast } from '../ui/feedback/notifier.ts';
import { SessionUserContext, useSession } from '../store/session.ts';

/** Every path but /Login needs a signed-in user (spec 1 §2). */
export function RequireSession() {
  const session = useSession();
  if (session.isPending) return null;
  if (session.isError || !session.data) return <Navigate to="/Login" replace />;
  return (
    <SessionUserContext.Provider value={session.data}>
      <StageGate uid={session.data.uid} />
    </SessionUserContext.Provider>
  );
}

/**
 * The version gate (spec 1 §4): a V2 stage opens the console, a V1-only user gets the page
 * pointing to the V1 site, and nothing shows while the stage is unknown.
 */
function StageGate({ uid }: { uid: string }) {
  const stages = useQuery({ queryKey: userInfoQueryKey(uid), queryFn: () => fetchStages(uid), staleTime: Infinity });

  useEffect(() => {
    if (stages.error) showToast('error', userInfoErrorText(stages.error));
  }, [stages.error]);

  if (!stages.data) return null;
  if (stages.data.some((record) => record.stage === 'V2')) return <Outlet />;
  if (stages.data.some((record) => record.stage === 'V1')) return <V1StageScreen />;
  return null;
}
