import type { ManagedDevice } from '@jejak/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Result, Spin } from 'antd';
import { useLocation, useNavigate, useParams } from 'react-router';
import { fetchManagedDevices, fleetFormKeys } from '../../api/fleet/fleet-forms.ts';
import { useSessionUser } from '../../store/session.ts';
import { useStrings } from '../../i18n/strings.ts';
import { readFleetState } from '../../ui/fleet/fleet-state.ts';
import { useGoBack } from '../../ui/go-back.ts';
import { DeviceForm } from './DeviceForm.tsx';
import '../../ui/fleet/fleet-forms.css';

interface DeviceFormScreenProps {
  mode: 'add' | 'edit';
  /** Management's forms go to its Device tab (spec 2 §2); User Management's go back. */
  home: string;
  goesHome: boolean;
}

/** /Management/Device/Add|Edit/:dvid and /UserManagement/AddDevice|EditDevice/:dvid (spec 2 §2). */
export function DeviceFormScreen({ mode, home, goesHome }: DeviceFormScreenProps) {
  const f = useStrings().fleetForms;
  const me = useSessionUser();
  const navigate = useNavigate();
  const goBack = useGoBack(home);
  const done = goesHome ? () => void navigate(home) : goBack;
  const state = readFleetState(useLocation().state);
  const { dvid } = useParams();
  const devices = useQuery({
    queryKey: fleetFormKeys.devices(me.uid),
    queryFn: () => fetchManagedDevices(me.uid),
    enabled: mode === 'edit',
    staleTime: 0,
  });
  const device = devices.data?.find((d) => d.dvid === dvid);

  let body;
  // A new device from Management goes on to where its tracker must report (issue 26 item 4); User
  // Management's Add Device (also the Add Vehicle banner's) goes back where it came from.
  const setUp = (added: ManagedDevice) =>
    void navigate(`/Management/Device/Setup/${encodeURIComponent(added.dvid)}`, { state: { uid: added.uid } });
  if (mode === 'add')
    body = (
      <DeviceForm
        device={null}
        initialTarget={state.uid}
        register={state.register}
        onDone={done}
        onAdded={goesHome ? setUp : undefined}
      />
    );
  else if (devices.isPending) body = <Spin />;
  else if (!device)
    body = <Result status="warning" title={f.notFound} extra={<Button onClick={done}>{f.back}</Button>} />;
  else body = <DeviceForm device={device} initialTarget={device.uid} onDone={done} />;

  return (
    <div className="screen-padded">
      <Card
        className="form-card"
        title={mode === 'add' ? f.addDeviceTitle : f.editDeviceTitle}
        data-testid={`device-${mode}`}
      >
        {body}
      </Card>
    </div>
  );
}
