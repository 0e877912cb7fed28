import { settingsOfModel } from '@jejak/domain';
import { Form, Select, Switch, Typography } from 'antd';
import { useStrings } from '../../i18n/strings.ts';

/**
 * The tracker's protocol settings for its model (issue 29 item 2): Suntech's optional report
 * fields, JT/T 808's vendor layout and command form. Nothing for models without settings.
 */
export function TrackerSettings({ model }: { model: string | null | undefined }) {
  const f = useStrings().fleetForms;
  const settings = settingsOfModel(model ?? '');
  if (settings.length === 0) return null;
  return (
    <fieldset className="tracker-settings" data-testid="tracker-settings">
      <Typography.Title level={5}>{f.trackerSettings}</Typography.Title>
      <Typography.Paragraph type="secondary">{f.trackerSettingsHelp}</Typography.Paragraph>
      {settings.map((s) => {
        const text = f.settings[s.name] ?? { label: s.name, help: '' };
        return s.kind === 'flag' ? (
          <Form.Item
            key={s.name}
            name={['settings', s.name]}
            label={text.label}
            extra={text.help}
            valuePropName="checked"
            initialValue={s.default}
          >
            <Switch data-testid={`setting-${s.name}`} />
          </Form.Item>
        ) : (
          <Form.Item
            key={s.name}
            name={['settings', s.name]}
            label={text.label}
            extra={text.help}
            initialValue={s.default}
          >
            <Select
              data-testid={`setting-${s.name}`}
              options={s.values.map((v) => ({ value: v, label: v === '' ? f.standard : String(v) }))}
            />
          </Form.Item>
        );
      })}
    </fieldset>
  );
}
