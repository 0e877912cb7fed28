import { Radio, Typography } from 'antd';
import { setThemeMode, THEME_MODES, useThemeMode, type ThemeMode } from '../../store/theme-mode.ts';
import { changeLocale, LOCALES } from '../../i18n/language.ts';
import { useLocale, useStrings, type Locale } from '../../i18n/strings.ts';

interface ChoiceRowProps<T extends string> {
  /** Names the row; test ids are `{id}-{value}`. */
  id: string;
  label: string;
  value: T;
  values: readonly T[];
  labels: { readonly [K in T]: string };
  onChange: (value: T) => void;
}

/** A label and its choices as one row of buttons. */
function ChoiceRow<T extends string>({ id, label, value, values, labels, onChange }: ChoiceRowProps<T>) {
  return (
    <div className="profile-switch-row">
      <Typography.Text id={`profile-${id}`}>{label}</Typography.Text>
      <Radio.Group
        optionType="button"
        aria-labelledby={`profile-${id}`}
        value={value}
        onChange={(event) => onChange(event.target.value as T)}
        options={values.map((v) => ({ value: v, label: <span data-testid={`${id}-${v}`}>{labels[v]}</span> }))}
      />
    </div>
  );
}

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
      <ChoiceRow<Locale>
        id="language"
        label={strings.profile.language}
        value={locale}
        values={LOCALES}
        labels={strings.profile.languages}
        onChange={(next) => void changeLocale(next)}
      />
      <ChoiceRow<ThemeMode>
        id="theme"
        label={strings.profile.theme}
        value={mode}
        values={THEME_MODES}
        labels={strings.profile.themes}
        onChange={setThemeMode}
      />
    </div>
  );
}
