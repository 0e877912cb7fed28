import { useQuery } from '@tanstack/react-query';
import { Button, Card, Result, Space, Spin } from 'antd';
import { useLocation, useNavigate, useParams } from 'react-router';
import { fetchManagedDevices, fleetFormKeys } from '../../api/fleet/fleet-forms.ts';
import { fetchTrackerSetup, onboardingKeys } from '../../api/fleet/onboarding.ts';
import { useStrings } from '../../i18n/strings.ts';
import { useSessionUser } from '../../store/session.ts';
import { readFleetState } from '../../ui/fleet/fleet-state.ts';
import { FirstMessageStatus } from './FirstMessageStatus.tsx';
import { SetupDetails } from './SetupDetails.tsx';
import { FIRST_MESSAGE_POLL_MS, firstMessage } from './setup-guide.ts';
import './tracker-setup.css';

/**
 * /Management/Device/Setup/:dvid (issue 26 item 4, ADR 0074): opened after a device is added and
 * from the Devices tab for a device that never reported. Where its tracker must report, the
 * set-up SMS for its model, and "Waiting for first message…" until the server stores one.
 */
export function TrackerSetupScreen() {
  const s = useStrings().onboarding.setup;
  const me = useSessionUser();
  const navigate = useNavigate();
  const { dvid } = useParams();
  // The device's holder narrows the list polled; the signed-in user reaches it too.
  const holder = readFleetState(useLocation().state).uid ?? me.uid;
  const setup = useQuery({ queryKey: onboardingKeys.setup, queryFn: fetchTrackerSetup, staleTime: 60_000 });
  const devices = useQuery({
    queryKey: fleetFormKeys.devices(holder),
    queryFn: () => fetchManagedDevices(holder),
    // Asked again until the first message is stored, then left alone.
    refetchInterval: (query) =>
      query.state.data?.find((d) => d.dvid === dvid)?.updatedAt === null ? FIRST_MESSAGE_POLL_MS : false,
    staleTime: 0,
  });
  const device = devices.data?.find((d) => d.dvid === dvid);
  const done = () => void navigate('/Management/Device');

  let body;
  if (devices.isPending || setup.isPending) body = <Spin />;
  else if (!device)
    body = <Result status="warning" title={s.notFound} extra={<Button onClick={done}>{s.done}</Button>} />;
  else
    body = (
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        {setup.data && <SetupDetails dvid={device.dvid} model={device.model} setup={setup.data} />}
        <FirstMessageStatus status={firstMessage(device)} uid={device.uid} />
        <div className="form-buttons">
          <Button type="primary" onClick={done} data-testid="setup-done">
            {s.done}
          </Button>
        </div>
      </Space>
    );

  return (
    <div className="screen-padded">
      <Card className="form-card" title={s.title} data-testid="tracker-setup">
        {body}
      </Card>
    </div>
  );
}
