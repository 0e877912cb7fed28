import { ShareAltOutlined } from '@ant-design/icons';
import { useStrings } from '../../../i18n/strings.ts';
import { VehicleDrawerButton } from '../VehicleDrawerButton.tsx';
import { SharePanel } from './SharePanel.tsx';

/** The info window's "Share live position" control, for users who may share vehicles (ADR 0093). */
export function ShareButton({ vid, name }: { vid: string; name: string }) {
  const s = useStrings().share;
  return (
    <VehicleDrawerButton
      call="shareVehicles"
      icon={<ShareAltOutlined />}
      label={s.open}
      title={`${s.title} — ${name}`}
      testId="vehicle-info-share"
      drawerTestId="share-drawer"
    >
      <SharePanel vid={vid} />
    </VehicleDrawerButton>
  );
}
