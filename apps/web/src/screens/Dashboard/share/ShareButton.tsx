import { ShareAltOutlined } from '@ant-design/icons';
import { mayCall, toPermissionRole } from '@jejak/domain';
import { Button, Drawer } from 'antd';
import { useState } from 'react';
import { useStrings } from '../../../i18n/strings.ts';
import { useSessionUser } from '../../../store/session.ts';
import { SharePanel } from './SharePanel.tsx';

const DRAWER_WIDTH = 'min(480px, calc(100vw - 24px))';

/** The info window's "Share live position" control, for users who may share vehicles (ADR 0093). */
export function ShareButton({ vid, name }: { vid: string; name: string }) {
  const s = useStrings().share;
  const { userRole } = useSessionUser();
  const [open, setOpen] = useState(false);
  if (!mayCall(toPermissionRole(userRole), 'shareVehicles')) return null;
  return (
    <>
      <Button size="small" icon={<ShareAltOutlined />} onClick={() => setOpen(true)} data-testid="vehicle-info-share">
        {s.open}
      </Button>
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        title={`${s.title} — ${name}`}
        size={DRAWER_WIDTH}
        destroyOnHidden
        data-testid="share-drawer"
      >
        {open && <SharePanel vid={vid} />}
      </Drawer>
    </>
  );
}
