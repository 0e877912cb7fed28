import type { TrackerSetupResponse } from '@jejak/contract';
import { Alert, Descriptions, Typography } from 'antd';
import { useStrings } from '../../i18n/strings.ts';
import { setupGuide } from './setup-guide.ts';

/** The server address and port of the device's protocol, and the set-up message(s) to copy. */
export function SetupDetails({ dvid, model, setup }: { dvid: string; model: string; setup: TrackerSetupResponse }) {
  const s = useStrings().onboarding.setup;
  const guide = setupGuide(setup, model);
  const copyable = (text: string) => ({ text, tooltips: [s.copy, s.copied] });
  return (
    <>
      <Typography.Paragraph type="secondary">{s.intro}</Typography.Paragraph>
      <Descriptions
        bordered
        size="small"
        column={1}
        data-testid="setup-endpoint"
        items={[
          { key: 'device', label: s.device, children: dvid },
          { key: 'protocol', label: s.protocol, children: guide.protocol ?? '-' },
          {
            key: 'host',
            label: s.host,
            children: (
              <Typography.Text copyable={copyable(guide.host)} data-testid="setup-host">
                {guide.host}
              </Typography.Text>
            ),
          },
          {
            key: 'port',
            label: s.port,
            children:
              guide.port === null ? (
                <Typography.Text type="warning">{s.portOff}</Typography.Text>
              ) : (
                <Typography.Text copyable={copyable(String(guide.port))} data-testid="setup-port">
                  {guide.port}
                </Typography.Text>
              ),
          },
        ]}
      />
      {guide.setup ? (
        <div className="tracker-setup-message" data-testid="setup-message">
          <Typography.Title level={5}>{guide.setup.kind === 'sms' ? s.sms : s.app}</Typography.Title>
          {guide.setup.lines.map((line) => (
            <Typography.Paragraph key={line} code copyable={copyable(line)} data-testid="setup-line">
              {line}
            </Typography.Paragraph>
          ))}
          {guide.setup.kind === 'sms' && <Typography.Text type="secondary">{s.password}</Typography.Text>}
        </div>
      ) : (
        guide.port !== null && <Alert type="info" showIcon title={s.noSetup} />
      )}
    </>
  );
}
