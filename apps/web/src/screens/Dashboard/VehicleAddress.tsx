import type { GeoPoint } from '@jejak/domain';
import { ReloadOutlined } from '@ant-design/icons';
import { Button, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { fetchAddress } from '../../api/map/geocode.ts';
import { useStrings } from '../../i18n/strings.ts';
import { localizeAddress } from '../../ui/format.ts';

/** Spec 1 §9: the address refresh spinner lasts 1 s. */
const REFRESH_SPIN_MS = 1_000;

/**
 * The vehicle's address from the server's geocoder (spec 1 §7: the refresh passes vid, lat,
 * lon). It is read for the position the window opened at, not on every fix; the refresh control
 * reads it again for where the vehicle is now.
 */
export function VehicleAddress({ vid, location }: { vid: string; location: GeoPoint | null }) {
  const s = useStrings().dashboard.info;
  const [at, setAt] = useState<GeoPoint | null>(location);
  const [spinning, setSpinning] = useState(false);
  const address = useQuery({
    queryKey: ['geocode', vid, at?.lat, at?.lon],
    queryFn: () => fetchAddress({ vid, lat: at?.lat ?? 0, lon: at?.lon ?? 0 }),
    enabled: at !== null,
    staleTime: Infinity,
    retry: false,
  });

  // A vehicle with no position yet gets its address once its first fix arrives.
  useEffect(() => {
    if (at === null && location !== null) setAt(location);
  }, [at, location]);

  useEffect(() => {
    if (!spinning) return;
    const timer = setTimeout(() => setSpinning(false), REFRESH_SPIN_MS);
    return () => clearTimeout(timer);
  }, [spinning]);

  const refresh = () => {
    setSpinning(true);
    if (location && (location.lat !== at?.lat || location.lon !== at.lon)) setAt(location);
    else void address.refetch();
  };

  const text = address.data?.address.trim() ? localizeAddress(address.data.address) : s.addressNotFound;
  const busy = spinning || address.isFetching;
  return (
    <span className="vehicle-info-address">
      <span data-testid="vehicle-info-address">{busy ? <Spin size="small" /> : text}</span>
      <Button
        type="text"
        size="small"
        icon={<ReloadOutlined spin={busy} />}
        aria-label={s.refreshAddress}
        title={s.refreshAddress}
        disabled={busy || location === null}
        data-testid="vehicle-info-address-refresh"
        onClick={refresh}
      />
    </span>
  );
}
