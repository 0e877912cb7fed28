import type { ThemeConfig } from 'antd';

/** A fleet console look: dark navigation, light working area. */
const SIDER_BG = '#0f1c2e';

export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#1668dc',
    borderRadius: 6,
    fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  },
  components: {
    Layout: {
      siderBg: SIDER_BG,
      triggerBg: '#0a1422',
      headerBg: '#ffffff',
      headerHeight: 56,
      headerPadding: '0 20px',
      bodyBg: '#f3f5f8',
    },
    Menu: { darkItemBg: SIDER_BG, darkSubMenuItemBg: SIDER_BG, darkItemSelectedBg: '#1668dc' },
  },
};
