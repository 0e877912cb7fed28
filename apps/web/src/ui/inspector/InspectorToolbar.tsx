import { DownloadOutlined } from '@ant-design/icons';
import { Button, Select } from 'antd';
import type { ReactNode } from 'react';
import { useStrings } from '../../i18n/strings.ts';
import { DateTimeField } from '../forms/DateTimeField.tsx';

/** Date-times of the inspectors (spec 3 §9). */

export interface InspectorWindow {
  startMs: number;
  endMs: number;
}

interface InspectorToolbarProps {
  /** 'device' or 'vehicle': names the picker's id (`inspector-device`) and its label. */
  kind: 'device' | 'vehicle';
  options: readonly { value: string; label: string }[];
  optionsLoading: boolean;
  value: string | undefined;
  onChange: (value: string) => void;
  window: InspectorWindow;
  onWindow: (window: InspectorWindow) => void;
  submitting: boolean;
  onSubmit: () => void;
  /** Export is offered once a lookup has answered. */
  canExport: boolean;
  exporting: boolean;
  onExport: () => void;
  /** More choices after the times (the Device Inspector's package filter). */
  children?: ReactNode;
}

/**
 * The inspectors' choices (spec 3 §2): a device or vehicle, start and end, Submit and Export.
 * They wrap on narrow screens.
 */
export function InspectorToolbar(props: InspectorToolbarProps) {
  const s = useStrings().inspectors;
  return (
    <div className="inspector-toolbar">
      <label className="inspector-field inspector-target">
        <span>{props.kind === 'device' ? s.device : s.vehicle}</span>
        <Select
          id={`inspector-${props.kind}`}
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={props.kind === 'device' ? s.devicePlaceholder : s.vehiclePlaceholder}
          loading={props.optionsLoading}
          value={props.value}
          onChange={props.onChange}
          options={[...props.options]}
        />
      </label>
      <DateTimeField
        id="inspector-start"
        label={s.start}
        className="inspector-field"
        valueMs={props.window.startMs}
        onChange={(ms) => ms !== null && props.onWindow({ ...props.window, startMs: ms })}
      />
      <DateTimeField
        id="inspector-end"
        label={s.end}
        className="inspector-field"
        valueMs={props.window.endMs}
        onChange={(ms) => ms !== null && props.onWindow({ ...props.window, endMs: ms })}
      />
      {props.children}
      <div className="inspector-actions">
        <Button
          type="primary"
          disabled={!props.value}
          loading={props.submitting}
          onClick={props.onSubmit}
          data-testid="inspector-submit"
        >
          {s.submit}
        </Button>
        <Button
          icon={<DownloadOutlined />}
          disabled={!props.canExport}
          loading={props.exporting}
          onClick={props.onExport}
          data-testid="inspector-export"
        >
          {s.export}
        </Button>
      </div>
    </div>
  );
}
