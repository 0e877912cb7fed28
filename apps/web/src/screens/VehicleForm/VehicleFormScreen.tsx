import { MANAGEMENT_TEXTS } from '@jejak/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Result, Spin } from 'antd';
import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { accountKeys, fetchRelations } from '../../api/accounts/accounts.ts';
import { fetchManagedVehicles, fleetFormKeys } from '../../api/fleet/fleet-forms.ts';
import { useSessionUser } from '../../store/session.ts';
import { useStrings } from '../../i18n/strings.ts';
import { readFleetState } from '../../ui/fleet/fleet-state.ts';
import { useGoBack } from '../../ui/go-back.ts';
import { showToast } from '../../ui/feedback/notifier.ts';
import { relationChoices } from './vehicle-choices.ts';
import { VehicleForm } from './VehicleForm.tsx';
import '../../ui/fleet/fleet-forms.css';

interface VehicleFormScreenProps {
  mode: 'add' | 'edit';
  /** Where Cancel and a save lead when there is no page to go back to. */
  home: string;
}

/**
 * /Management/Vehicle/Add|Edit/:vid and /UserManagement/AddVehicle|EditVehicle/:vid. Edit reads
 * the vehicle afresh; when it belongs to another user than the state says, the page reloads
 * for its owner with 'Reloading page' (spec 2 §4).
 */
export function VehicleFormScreen({ mode, home }: VehicleFormScreenProps) {
  const f = useStrings().fleetForms;
  const me = useSessionUser();
  const location = useLocation();
  const navigate = useNavigate();
  const goBack = useGoBack(home);
  const state = readFleetState(location.state);
  const { vid } = useParams();
  const vehicles = useQuery({
    queryKey: fleetFormKeys.vehicles(me.uid),
    queryFn: () => fetchManagedVehicles(me.uid),
    enabled: mode === 'edit',
    staleTime: 0,
  });
  const vehicle = mode === 'edit' ? vehicles.data?.find((v) => v.vid === vid) : undefined;
  const relations = useQuery({
    queryKey: accountKeys.relations(vehicle?.uid ?? ''),
    queryFn: () => fetchRelations(vehicle?.uid ?? ''),
    enabled: vehicle !== undefined,
  });
  const otherOwner = vehicle !== undefined && state.uid !== null && state.uid !== vehicle.uid;
  useEffect(() => {
    if (!otherOwner) return;
    showToast('info', MANAGEMENT_TEXTS.reloadingPage);
    void navigate(location.pathname, { replace: true, state: { ...(location.state as object), uid: vehicle.uid } });
  }, [otherOwner, navigate, location.pathname, location.state, vehicle?.uid]);

  let body;
  if (mode === 'add') body = <VehicleForm vehicle={null} initialTarget={state.uid} onDone={goBack} />;
  else if (vehicles.isPending || otherOwner) body = <Spin />;
  else if (!vehicle)
    body = <Result status="warning" title={f.notFound} extra={<Button onClick={goBack}>{f.back}</Button>} />;
  else if (relations.isPending) body = <Spin />;
  else {
    const choices = relationChoices(relations.data);
    const ids = new Set(
      [...choices.vehicleGroups, ...choices.geofenceTemplates, ...choices.ruleTemplates].map((c) => c.id),
    );
    body = (
      <VehicleForm vehicle={vehicle} initialTarget={vehicle.uid} choosable={(id) => ids.has(id)} onDone={goBack} />
    );
  }

  return (
    <div className="screen-padded">
      <Card
        className="form-card fleet-form-card"
        title={mode === 'add' ? f.addVehicleTitle : f.editVehicleTitle}
        data-testid={`vehicle-${mode}`}
      >
        {body}
      </Card>
    </div>
  );
}
