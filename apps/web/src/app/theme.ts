import { theme as antdTheme, type ThemeConfig } from 'antd';
import type { ThemeMode } from '../store/theme-mode.ts';

/** A fleet console look: dark navigation in both schemes; a light or a dark working area. */
const SIDER_BG = '#0f1c2e';

const LAYOUT = {
  light: { headerBg: '#ffffff', bodyBg: '#f3f5f8' },
  dark: { headerBg: '#141414', bodyBg: '#0b1018' },
} as const;

export function themeFor(mode: ThemeMode): ThemeConfig {
  return {
    algorithm: mode === 'dark' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
    token: {
      colorPrimary: '#1668dc',
      borderRadius: 6,
      fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    },
    components: {
      Layout: {
        siderBg: SIDER_BG,
        triggerBg: '#0a1422',
        headerHeight: 56,
        headerPadding: '0 20px',
        ...LAYOUT[mode],
      },
      Menu: { darkItemBg: SIDER_BG, darkSubMenuItemBg: SIDER_BG, darkItemSelectedBg: '#1668dc' },
    },
  };
}
