import { UnorderedListOutlined } from '@ant-design/icons';
import { OPERATIONS, accessAllows } from '@jejak/contract';
import { FLEET_STATES, filterFleet, type FleetFilter, type FleetState } from '@jejak/domain';
import { Button, Drawer, Grid, Input, Skeleton, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useStrings } from '../../../i18n/strings.ts';
import { useSessionUser } from '../../../store/session.ts';
import { FleetRowItem, fleetStateColour } from './FleetRowItem.tsx';
import { NO_FLEET_FILTER } from './use-fleet-filter.ts';
import { useFleetRows } from './use-fleet-rows.ts';
import { VirtualRows } from './VirtualRows.tsx';
import './fleet-list.css';

const ROW_HEIGHT = 58;

interface FleetListProps {
  selectedVid: string | null;
  onSelect: (vid: string) => void;
  filter: FleetFilter;
  onFilter: (filter: FleetFilter) => void;
}

/**
 * The fleet beside the map (issue 26 item 1): every vehicle the user sees, searchable by plate,
 * name and group, with counts by state that filter the list and the map. On a phone it is a
 * drawer over the map, opened from a button on it, and closes when a vehicle is chosen.
 */
export function FleetList(props: FleetListProps) {
  const phone = Grid.useBreakpoint().md === false;
  const s = useStrings().fleetList;
  const [open, setOpen] = useState(false);
  if (!phone) {
    return (
      <aside className="fleet-list" aria-label={s.title} data-testid="fleet-list">
        <FleetListBody {...props} />
      </aside>
    );
  }
  return (
    <>
      <Button
        className="fleet-list-open"
        icon={<UnorderedListOutlined />}
        aria-label={s.open}
        data-testid="fleet-list-open"
        onClick={() => setOpen(true)}
      >
        {s.title}
      </Button>
      <Drawer
        open={open}
        placement="left"
        size="min(360px, 88vw)"
        title={s.title}
        closable={{ 'aria-label': s.close }}
        onClose={() => setOpen(false)}
        classNames={{ body: 'fleet-list-drawer-body' }}
      >
        <div className="fleet-list fleet-list-in-drawer" data-testid="fleet-list">
          <FleetListBody
            {...props}
            inDrawer
            onSelect={(vid) => {
              props.onSelect(vid);
              setOpen(false);
            }}
          />
        </div>
      </Drawer>
    </>
  );
}

function FleetListBody({
  selectedVid,
  onSelect,
  filter,
  onFilter,
  inDrawer = false,
}: FleetListProps & { inDrawer?: boolean }) {
  const s = useStrings().fleetList;
  const { rows, nowMs, loading } = useFleetRows();
  // A fleet owner or operator has no Add Vehicle: the empty list says who adds them.
  const mayAddVehicles = accessAllows(OPERATIONS.vehicleAdd.access, useSessionUser().userRole);
  const view = useMemo(() => filterFleet(rows, filter), [rows, filter]);
  const choose = (state: FleetState | null) => onFilter({ ...filter, state: filter.state === state ? null : state });

  return (
    <>
      <div className="fleet-list-head">
        <Typography.Text strong>
          {/* In the drawer its title already says it. */}
          {inDrawer ? null : `${s.title} `}
          <span className="fleet-list-total" data-testid="fleet-list-total">
            {s.shown(view.rows.length, rows.length)}
          </span>
        </Typography.Text>
        <Input.Search
          allowClear
          size="middle"
          placeholder={s.search}
          aria-label={s.search}
          value={filter.query}
          data-testid="fleet-search"
          onChange={(event) => onFilter({ ...filter, query: event.target.value })}
        />
        <div className="fleet-states" role="group" aria-label={s.stateFilter}>
          <StateButton
            label={s.states.ALL}
            count={view.counts.ALL}
            pressed={filter.state === null}
            onClick={() => choose(null)}
            state="ALL"
          />
          {FLEET_STATES.map((state) => (
            <StateButton
              key={state}
              state={state}
              label={s.states[state]}
              count={view.counts[state]}
              pressed={filter.state === state}
              onClick={() => choose(state)}
            />
          ))}
        </div>
      </div>
      {loading ? (
        <div className="fleet-list-loading" data-testid="fleet-list-loading" aria-busy="true">
          <Typography.Text type="secondary">{s.loading}</Typography.Text>
          <Skeleton active title={false} paragraph={{ rows: 8 }} />
        </div>
      ) : rows.length === 0 ? (
        <Typography.Paragraph className="fleet-list-empty" type="secondary" data-testid="fleet-list-empty">
          {mayAddVehicles ? s.empty : s.emptyByOthers}
        </Typography.Paragraph>
      ) : view.rows.length === 0 ? (
        <div className="fleet-list-empty" data-testid="fleet-list-empty">
          <Typography.Paragraph type="secondary">{s.noMatch}</Typography.Paragraph>
          <Button size="small" onClick={() => onFilter(NO_FLEET_FILTER)}>
            {s.clear}
          </Button>
        </div>
      ) : (
        <VirtualRows
          items={view.rows}
          rowHeight={ROW_HEIGHT}
          keyOf={(row) => row.vid}
          label={s.title}
          render={(row) => (
            <FleetRowItem row={row} nowMs={nowMs} selected={row.vid === selectedVid} onSelect={onSelect} />
          )}
        />
      )}
    </>
  );
}

interface StateButtonProps {
  state: FleetState | 'ALL';
  label: string;
  count: number;
  pressed: boolean;
  onClick: () => void;
}

function StateButton({ state, label, count, pressed, onClick }: StateButtonProps) {
  return (
    <button
      type="button"
      className={`fleet-state${pressed ? ' fleet-state-pressed' : ''}`}
      aria-pressed={pressed}
      data-testid={`fleet-state-${state}`}
      onClick={onClick}
    >
      {state !== 'ALL' && <span className="fleet-row-dot" style={{ background: fleetStateColour(state) }} />}
      <span>{label}</span>
      <span className="fleet-state-count">{count}</span>
    </button>
  );
}
