import { QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import msMY from 'antd/locale/ms_MY';
import { useMemo, type ReactNode } from 'react';
import { queryClient } from '../api/query-client.ts';
import { useLocale } from '../i18n/strings.ts';
import { NotifierBridge } from '../ui/feedback/NotifierBridge.tsx';
import { POPUP_CONFIG, TOAST_CONFIG } from '../ui/feedback/notifier.ts';
import { themeFor } from './theme.ts';
import { GenericEmpty } from '../ui/EmptyState.tsx';
import DefaultRenderEmpty, { type RenderEmptyHandler } from 'antd/es/config-provider/defaultRenderEmpty';
import { useThemeMode } from '../store/theme-mode.ts';

const ANTD_LOCALES = { en: enUS, ms: msMY } as const;

/** Tables and lists say what to do next when empty (ui/EmptyState); selects keep antd's own. */
const renderEmpty: RenderEmptyHandler = (component) =>
  component === 'Table' || component === 'List' ? <GenericEmpty /> : <DefaultRenderEmpty componentName={component} />;

/**
 * Server data (TanStack Query), the antd theme (light or dark) and locale (following the
 * language), and the antd App that hosts toasts and pop-ups.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const mode = useThemeMode();
  const locale = useLocale();
  const theme = useMemo(() => themeFor(mode), [mode]);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider theme={theme} locale={ANTD_LOCALES[locale]} renderEmpty={renderEmpty}>
        <App message={TOAST_CONFIG} notification={POPUP_CONFIG}>
          <NotifierBridge />
          {children}
        </App>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
