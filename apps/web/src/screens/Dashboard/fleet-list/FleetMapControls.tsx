import { AimOutlined, ExpandOutlined } from '@ant-design/icons';
import { Button, Spin } from 'antd';
import { useStrings } from '../../../i18n/strings.ts';
import { featuresBounds, vehicleFeatures, type VehicleShown } from '../../../map/layers/vehicles/vehicle-features.ts';
import { useMap } from '../../../map/map-context.ts';
import { liveStore } from '../../../store/live-store.ts';
import { useLiveVehicle } from '../../../store/use-live.ts';

interface FleetMapControlsProps {
  /** The vehicles the list shows (its filter); every one when absent. */
  shown: VehicleShown | undefined;
  loading: boolean;
  /** The whole fleet was asked for: the follow ends. */
  onWholeFleet: () => void;
}

/**
 * On the map: "Whole fleet" under the zoom buttons (every vehicle the list shows, in view), and
 * while the fleet loads a note over the top of the map instead of an empty map.
 */
export function FleetMapControls({ shown, loading, onWholeFleet }: FleetMapControlsProps) {
  const map = useMap();
  const s = useStrings().fleetList;

  const wholeFleet = () => {
    onWholeFleet();
    const placed = [...liveStore.vehicles()].filter((v) => shown?.(v, liveStore.device(v.dvid)) ?? true);
    const bounds = featuresBounds(vehicleFeatures(placed, (dvid) => liveStore.device(dvid)));
    if (bounds) map.fitBounds(bounds, { padding: 60, maxZoom: 15 });
  };

  return (
    <>
      <Button
        className="whole-fleet"
        icon={<ExpandOutlined />}
        aria-label={s.wholeFleet}
        title={s.wholeFleet}
        onClick={wholeFleet}
        data-testid="whole-fleet"
      />
      {loading && (
        <span className="map-fleet-loading" data-testid="map-fleet-loading" role="status">
          <Spin size="small" /> {s.loading}
        </span>
      )}
    </>
  );
}

interface FollowToggleProps {
  vid: string;
  following: boolean;
  onFollow: (following: boolean) => void;
}

/** Whether the map follows the chosen vehicle, as a toggle: pressed while it follows. */
export function FollowToggle({ vid, following, onFollow }: FollowToggleProps) {
  const s = useStrings().fleetList;
  const plate = useLiveVehicle(vid)?.vehiclePlate ?? '';
  const label = following ? `${s.following(plate)} · ${s.stopFollowing}` : s.follow(plate);
  return (
    <Button
      type={following ? 'primary' : 'default'}
      size="small"
      icon={<AimOutlined />}
      aria-pressed={following}
      aria-label={label}
      title={label}
      onClick={() => onFollow(!following)}
      data-testid={following ? 'following' : 'follow'}
    />
  );
}
