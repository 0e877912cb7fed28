import { Radio, Typography } from 'antd';
import { setThemeMode, THEME_MODES, useThemeMode, type ThemeMode } from '../../app/theme-mode.ts';
import { changeLocale, LOCALES } from '../../i18n/language.ts';
import { useLocale, useStrings, type Locale } from '../../i18n/strings.ts';

/**
 * The console's language and colour scheme (issue 14 item 6): applied at once and remembered
 * in this browser (localStorage), so they survive a reload and signing out.
 */
export function DisplaySettings() {
  const strings = useStrings();
  const locale = useLocale();
  const mode = useThemeMode();

  return (
    <div className="profile-switches" data-testid="display-settings">
      <Typography.Text strong>{strings.profile.display}</Typography.Text>
      <div className="profile-switch-row">
        <Typography.Text id="profile-language">{strings.profile.language}</Typography.Text>
        <Radio.Group
          optionType="button"
          aria-labelledby="profile-language"
          value={locale}
          onChange={(event) => void changeLocale(event.target.value as Locale)}
          options={LOCALES.map((value) => ({
            value,
            label: <span data-testid={`language-${value}`}>{strings.profile.languages[value]}</span>,
          }))}
        />
      </div>
      <div className="profile-switch-row">
        <Typography.Text id="profile-theme">{strings.profile.theme}</Typography.Text>
        <Radio.Group
          optionType="button"
          aria-labelledby="profile-theme"
          value={mode}
          onChange={(event) => setThemeMode(event.target.value as ThemeMode)}
          options={THEME_MODES.map((value) => ({
            value,
            label: <span data-testid={`theme-${value}`}>{strings.profile.themes[value]}</span>,
          }))}
        />
      </div>
    </div>
  );
}
