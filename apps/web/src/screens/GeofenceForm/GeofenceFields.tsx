import type { GeofenceTemplateDto } from '@jejak/contract';
import type { GeofencePoint, GeofenceType } from '@jejak/domain';
import { Button, Form, Input, InputNumber, Select } from 'antd';
import { useStrings } from '../../i18n/strings.ts';
import { templateOptions } from './geofence-form.ts';

interface GeofenceFieldsProps {
  geoType: GeofenceType;
  templates: readonly GeofenceTemplateDto[];
  colour: string;
  points: readonly GeofencePoint[] | null;
  drawing: boolean;
  onRedraw: () => void;
  disabled: boolean;
}

const fixed = (n: number) => n.toFixed(6);

/** The side form's fields: name, comment, a POI's radius, templates with the colour they give, and the shape drawn. */
export function GeofenceFields({
  geoType,
  templates,
  colour,
  points,
  drawing,
  onRedraw,
  disabled,
}: GeofenceFieldsProps) {
  const f = useStrings().geofenceForms;
  const isPoi = geoType === 'POI';
  const first = points?.[0];
  const drawn = !first ? f.notPlaced : isPoi ? `${fixed(first.lat)}, ${fixed(first.lng)}` : f.corners(points.length);
  const hint = isPoi
    ? drawing
      ? f.hints.placeMarker
      : f.hints.moveMarker
    : drawing
      ? f.hints.drawZone
      : f.hints.editZone;

  return (
    <>
      <Form.Item label={f.name} name="geofenceName" required>
        <Input maxLength={120} disabled={disabled} />
      </Form.Item>
      <Form.Item label={f.comment} name="geofenceComment">
        <Input.TextArea maxLength={1000} autoSize={{ minRows: 2, maxRows: 4 }} disabled={disabled} />
      </Form.Item>
      {isPoi && (
        <Form.Item label={f.radius} name="geofenceRadius" required>
          <InputNumber className="geofence-form-radius" step={50} disabled={disabled} />
        </Form.Item>
      )}
      <Form.Item label={f.templates} name="gtids">
        <Select
          mode="multiple"
          allowClear
          options={templateOptions(templates)}
          placeholder={f.templatesPlaceholder}
          optionFilterProp="label"
          disabled={disabled}
        />
      </Form.Item>
      <Form.Item label={f.colour} extra={f.colourNote}>
        <span className="geofence-form-colour" data-testid="geofence-colour" data-colour={colour}>
          <span className="geofence-form-swatch" style={{ background: colour }} />
          {colour}
        </span>
      </Form.Item>
      <Form.Item label={f.shape} extra={disabled ? undefined : hint}>
        <div className="geofence-form-shape">
          <span data-testid="geofence-shape">{drawn}</span>
          {!disabled && (
            <Button size="small" onClick={onRedraw} data-testid="redraw">
              {f.redraw}
            </Button>
          )}
        </div>
      </Form.Item>
    </>
  );
}
