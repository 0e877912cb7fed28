import { ThunderboltOutlined } from '@ant-design/icons';
import { useStrings } from '../../../i18n/strings.ts';
import { VehicleDrawerButton } from '../VehicleDrawerButton.tsx';
import { CommandPanel } from './CommandPanel.tsx';

/** The info window's Commands control, for users who may send commands (ADR 0090). */
export function CommandsButton({ vid, name }: { vid: string; name: string }) {
  const s = useStrings().commands;
  return (
    <VehicleDrawerButton
      call="sendCommands"
      icon={<ThunderboltOutlined />}
      label={s.open}
      title={`${s.title} — ${name}`}
      testId="vehicle-info-commands"
      drawerTestId="commands-drawer"
    >
      <CommandPanel vid={vid} name={name} />
    </VehicleDrawerButton>
  );
}
