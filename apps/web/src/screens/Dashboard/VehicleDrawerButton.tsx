import { mayCall, toPermissionRole, type AccountCall } from '@jejak/domain';
import { Button, Drawer } from 'antd';
import { useState, type ReactNode } from 'react';
import { useSessionUser } from '../../store/session.ts';

const DRAWER_WIDTH = 'min(480px, calc(100vw - 24px))';

/**
 * A control of the vehicle's info window that opens its panel in a drawer (Commands, Share),
 * shown only to roles with `call`; the panel is mounted while the drawer is open.
 */
export function VehicleDrawerButton(props: {
  call: AccountCall;
  icon: ReactNode;
  label: string;
  title: string;
  testId: string;
  drawerTestId: string;
  children: ReactNode;
}) {
  const { userRole } = useSessionUser();
  const [open, setOpen] = useState(false);
  if (!mayCall(toPermissionRole(userRole), props.call)) return null;
  return (
    <>
      <Button size="small" icon={props.icon} onClick={() => setOpen(true)} data-testid={props.testId}>
        {props.label}
      </Button>
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        title={props.title}
        size={DRAWER_WIDTH}
        destroyOnHidden
        data-testid={props.drawerTestId}
      >
        {open && props.children}
      </Drawer>
    </>
  );
}
