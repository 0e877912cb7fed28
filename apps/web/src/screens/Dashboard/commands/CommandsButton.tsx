import { ThunderboltOutlined } from '@ant-design/icons';
import { mayCall, toPermissionRole } from '@jejak/domain';
import { Button, Drawer } from 'antd';
import { useState } from 'react';
import { useStrings } from '../../../i18n/strings.ts';
import { useSessionUser } from '../../../store/session.ts';
import { CommandPanel } from './CommandPanel.tsx';

const DRAWER_WIDTH = 'min(480px, calc(100vw - 24px))';

/** The info window's Commands control, for users who may send commands (ADR 0090). */
export function CommandsButton({ vid, name }: { vid: string; name: string }) {
  const s = useStrings().commands;
  const { userRole } = useSessionUser();
  const [open, setOpen] = useState(false);
  if (!mayCall(toPermissionRole(userRole), 'sendCommands')) return null;
  return (
    <>
      <Button
        size="small"
        icon={<ThunderboltOutlined />}
        onClick={() => setOpen(true)}
        data-testid="vehicle-info-commands"
      >
        {s.open}
      </Button>
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        title={`${s.title} — ${name}`}
        size={DRAWER_WIDTH}
        destroyOnHidden
        data-testid="commands-drawer"
      >
        {open && <CommandPanel vid={vid} name={name} />}
      </Drawer>
    </>
  );
}
