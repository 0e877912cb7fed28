import { Alert } from 'antd';
import { useEffect, useState } from 'react';
import { useStrings } from '../i18n/strings.ts';

type Connectivity = 'offline' | 'backOnline' | null;

/** 'Network error. Refresh page ?' while offline, 'Back online.' on return; both closable. */
export function OfflineBanner() {
  const strings = useStrings();
  const [state, setState] = useState<Connectivity>(() => (navigator.onLine ? null : 'offline'));

  useEffect(() => {
    const offline = () => setState('offline');
    const online = () => setState('backOnline');
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  }, []);

  if (state === null) return null;
  return (
    <Alert
      key={state}
      data-testid="connectivity-banner"
      type={state === 'offline' ? 'error' : 'success'}
      title={state === 'offline' ? strings.notices.offline : strings.notices.backOnline}
      showIcon
      closable={{ afterClose: () => setState(null) }}
    />
  );
}
