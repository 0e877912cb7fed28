import { theme as antdTheme, type ThemeConfig } from 'antd';
import type { ThemeMode } from '../store/theme-mode.ts';

/** A fleet console look: dark navigation in both schemes; a light or a dark working area. */
const SIDER_BG = '#0f1c2e';

const LAYOUT = {
  light: { headerBg: '#ffffff', bodyBg: '#f3f5f8' },
  dark: { headerBg: '#141414', bodyBg: '#0b1018' },
} as const;

/**
 * Secondary, tertiary and placeholder texts, errors and the chosen tab, dark enough (light) or
 * light enough (dark) to read at WCAG AA's 4.5:1 on the panels (e2e/accessibility.spec.ts).
 */
const READABLE = {
  light: {
    token: {
      colorTextDescription: 'rgba(0, 0, 0, 0.62)',
      colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
      colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
      colorError: '#cf1322',
      colorLink: '#1668dc',
    },
    selectedTab: '#1668dc',
  },
  dark: {
    token: {
      colorTextDescription: 'rgba(255, 255, 255, 0.62)',
      colorTextTertiary: 'rgba(255, 255, 255, 0.62)',
      colorTextPlaceholder: 'rgba(255, 255, 255, 0.5)',
      colorError: '#f07b7d',
      colorLink: '#6aaef5',
    },
    selectedTab: '#4c95ee',
  },
} as const;

export function themeFor(mode: ThemeMode): ThemeConfig {
  return {
    algorithm: mode === 'dark' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
    token: {
      colorPrimary: '#1668dc',
      borderRadius: 6,
      fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
      ...READABLE[mode].token,
    },
    components: {
      Layout: {
        siderBg: SIDER_BG,
        triggerBg: '#0a1422',
        headerHeight: 56,
        headerPadding: '0 20px',
        ...LAYOUT[mode],
      },
      Tabs: { itemSelectedColor: READABLE[mode].selectedTab, itemActiveColor: READABLE[mode].selectedTab },
      Menu: { darkItemBg: SIDER_BG, darkSubMenuItemBg: SIDER_BG, darkItemSelectedBg: '#1668dc' },
    },
  };
}
