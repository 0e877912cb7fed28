import { QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { queryClient } from '../api/query-client.ts';
import { NotifierBridge } from '../ui/NotifierBridge.tsx';
import { POPUP_CONFIG } from '../ui/notifier.ts';
import { theme } from './theme.ts';

/** Server data (TanStack Query), the antd theme, and the antd App that hosts toasts and pop-ups. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider theme={theme}>
        <App message={{ maxCount: 3 }} notification={POPUP_CONFIG}>
          <NotifierBridge />
          {children}
        </App>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
