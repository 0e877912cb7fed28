import { EditOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { VEHICLE_TYPE_LABELS, VEHICLE_TYPES, type ManagedVehicle } from '@jejak/contract';
import { TRANSIT_STATUSES, type TransitStatus } from '@jejak/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Input, Select, Space, Table } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorText } from '../../api/error-text.ts';
import { managedVehicleKeys, useManagedVehicles } from '../../api/fleet/management-vehicles.ts';
import { useVehicleGroups } from '../../api/fleet/vehicle-groups.ts';
import { useSpecText, useStrings } from '../../i18n/strings.ts';
import { showToast } from '../../ui/feedback/notifier.ts';
import { tablePagination } from '../../ui/table/table.ts';
import { useNow } from '../../ui/use-now.ts';
import { BulkUploadDialog } from '../../ui/bulk/BulkUploadDialog.tsx';
import { NO_VEHICLE_FILTER, filterVehicles, type VehicleFilter } from './vehicle-filter.ts';
import { vehicleColumns } from './vehicle-columns.tsx';
import { usePinnedColumns } from '../../ui/table/use-pinned-columns.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { emptyListText } from '../../ui/empty-text.ts';

/** The permit status changes by the day: a minute is plenty. */
const NOW_REFRESH_MS = 60_000;
/** The built-in group takes no edits (contract builtInGroup). */
const BUILT_IN_GROUP = 'ALL';

interface VehiclesTabProps {
  uid: string;
  /** Device and SIM columns (spec 2 §6). */
  showDevice: boolean;
  /** Bulk Create Vehicles, Add New Vehicle, Add New Vehicle Group: hidden from fleet owner. */
  showButtons: boolean;
  /** Editing vehicles and vehicle groups: the Vehicle Management grant. */
  editsVehicles: boolean;
}

/** The Vehicles tab (spec 2 §2): searchable, filterable vehicle table and its buttons. */
export function VehiclesTab({ uid, showDevice, showButtons, editsVehicles }: VehiclesTabProps) {
  const s = useStrings().management;
  const spec = useSpecText();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const nowMs = useNow(NOW_REFRESH_MS);
  const vehicles = useManagedVehicles(uid);
  const groups = useVehicleGroups(uid);
  const [filter, setFilter] = useState<VehicleFilter>(NO_VEHICLE_FILTER);
  const [bulkOpen, setBulkOpen] = useState(false);

  useEffect(() => {
    if (vehicles.error) showToast('error', errorText(vehicles.error));
  }, [vehicles.error]);

  const rows = useMemo(() => filterVehicles(vehicles.data ?? [], filter), [vehicles.data, filter]);
  const empty = useStrings().empty;
  const emptyText = emptyListText(vehicles.data?.length ?? 0, {
    none: showButtons ? empty.vehicles : empty.vehiclesByOthers,
    noMatch: empty.noMatch,
  });
  const columns = useMemo(
    () =>
      vehicleColumns(s, {
        showDevice,
        nowMs,
        onEdit: editsVehicles
          ? (vehicle: ManagedVehicle) =>
              // The vehicle's owner is the form's user: the form reloads ('Reloading page') for any other.
              void navigate(`/Management/Vehicle/Edit/${encodeURIComponent(vehicle.vid)}`, {
                state: { uid: vehicle.uid, vehicle },
              })
          : null,
      }),
    [s, showDevice, nowMs, navigate, editsVehicles],
  );
  const pinned = usePinnedColumns(columns);
  const chosenGroup = groups.data?.find((g) => g.vgid === filter.vgid);
  const set = (change: Partial<VehicleFilter>) => setFilter((f) => ({ ...f, ...change }));

  return (
    <>
      <div className="management-toolbar">
        <div className="management-filters">
          <Input.Search
            allowClear
            className="management-search"
            placeholder={s.search}
            aria-label={s.search}
            data-testid="vehicle-search"
            value={filter.query}
            onChange={(event) => set({ query: event.target.value })}
          />
          <Select<TransitStatus>
            allowClear
            id="statusFilter"
            className="management-filter"
            placeholder={s.allStatuses}
            aria-label={s.allStatuses}
            value={filter.status ?? undefined}
            onChange={(status) => set({ status: status ?? null })}
            options={TRANSIT_STATUSES.map((status) => ({ value: status, label: status }))}
          />
          <Select<string>
            allowClear
            id="typeFilter"
            className="management-filter"
            placeholder={s.allTypes}
            aria-label={s.allTypes}
            value={filter.type ?? undefined}
            onChange={(type) => set({ type: type ?? null })}
            options={VEHICLE_TYPES.map((type) => ({ value: type, label: spec(VEHICLE_TYPE_LABELS[type]) }))}
          />
          <Select<string>
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            id="groupFilter"
            className="management-filter"
            placeholder={s.allGroups}
            aria-label={s.allGroups}
            value={filter.vgid ?? undefined}
            onChange={(vgid) => set({ vgid: vgid ?? null })}
            options={(groups.data ?? []).map((g) => ({ value: g.vgid, label: g.groupName }))}
          />
          {editsVehicles && chosenGroup && chosenGroup.groupName !== BUILT_IN_GROUP && (
            <Button
              icon={<EditOutlined />}
              data-testid="edit-group"
              onClick={() =>
                void navigate('/Management/VehicleGroup/Edit', { state: { selectedVGID: chosenGroup.vgid } })
              }
            >
              {s.editGroup}
            </Button>
          )}
        </div>
        {showButtons && (
          <Space wrap>
            <Button icon={<UploadOutlined />} onClick={() => setBulkOpen(true)}>
              {s.bulkCreateVehicles}
            </Button>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => void navigate('/Management/Vehicle/Add', { state: { uid } })}
            >
              {s.addVehicle}
            </Button>
            <Button icon={<PlusOutlined />} onClick={() => void navigate('/Management/VehicleGroup/Add')}>
              {s.addVehicleGroup}
            </Button>
          </Space>
        )}
      </div>
      <Table<ManagedVehicle>
        data-testid="vehicle-table"
        rowKey="vid"
        size="small"
        bordered
        loading={vehicles.isPending}
        columns={pinned}
        dataSource={rows}
        locale={{ emptyText: <EmptyState text={emptyText} testId="vehicles-empty" /> }}
        pagination={tablePagination(rows.length)}
        scroll={{ x: 'max-content' }}
      />
      {showButtons && (
        <BulkUploadDialog
          kind="vehicle"
          open={bulkOpen}
          uid={uid}
          onClose={() => setBulkOpen(false)}
          onUploaded={() => void queryClient.invalidateQueries({ queryKey: managedVehicleKeys.all })}
        />
      )}
    </>
  );
}
