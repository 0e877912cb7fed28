import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import { useEffect } from 'react';
import { VERSION_QUERY_KEY, fetchVersion } from '../api/version.ts';
import { useStrings } from '../i18n/strings.ts';

const POLL_MS = 60_000;
/** Long enough to read the alert before the page reloads. */
const RELOAD_DELAY_MS = 3_000;
/** Remembers the server version already reloaded for, so a mismatch cannot loop reloads. */
const RELOADED_FOR_KEY = 'jejak.reloadedForVersion';

/** Polls the server version; when it differs from this build, says so and reloads (spec 1 §2). */
export function NewVersionAlert() {
  const strings = useStrings();
  const { data } = useQuery({
    queryKey: VERSION_QUERY_KEY,
    queryFn: fetchVersion,
    refetchInterval: POLL_MS,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
  const serverVersion = data?.version;
  const outdated = serverVersion !== undefined && serverVersion !== __APP_VERSION__;

  useEffect(() => {
    if (serverVersion === undefined || serverVersion === __APP_VERSION__) return;
    if (sessionStorage.getItem(RELOADED_FOR_KEY) === serverVersion) return;
    const timer = setTimeout(() => {
      sessionStorage.setItem(RELOADED_FOR_KEY, serverVersion);
      window.location.reload();
    }, RELOAD_DELAY_MS);
    return () => clearTimeout(timer);
  }, [serverVersion]);

  if (!outdated) return null;
  return <Alert data-testid="new-version-alert" type="info" title={strings.notices.newVersion} showIcon />;
}
