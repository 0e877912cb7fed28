import type { GeofenceDto, GeofenceTemplateDto } from '@jejak/contract';
import { mayCall, toPermissionRole, type GeofencePoint, type GeofenceType } from '@jejak/domain';
import { Alert, App, Button, Form, Space, Typography } from 'antd';
import { useState } from 'react';
import { useSessionUser } from '../../store/session.ts';
import { useStrings } from '../../i18n/strings.ts';
import { MapView } from '../../map/MapView.tsx';
import { NavigationControl } from '../../map/controls/NavigationControl.tsx';
import { ScaleControl } from '../../map/controls/ScaleControl.tsx';
import { PlaceSearch } from '../../map/controls/PlaceSearch.tsx';
import { FitShape } from '../../map/draw/FitShape.tsx';
import { FitToFleet } from '../../map/FitToFleet.tsx';
import { GeofenceDrawTool } from '../../map/draw/GeofenceDrawTool.tsx';
import { RadiusCircleLayer } from '../../map/draw/RadiusCircleLayer.tsx';
import { PlacesLayer } from '../../map/layers/PlacesLayer.tsx';
import { useGoBack } from '../../ui/go-back.ts';
import { SubmitButton } from '../../ui/forms/FormButtons.tsx';
import { useFieldErrors } from '../../ui/forms/use-field-errors.ts';
import { GeofenceFields } from './GeofenceFields.tsx';
import {
  GEOFENCE_FIELD_ERRORS,
  geofenceFormProblem,
  initialFormValues,
  templateColour,
  type GeofenceFormValues,
} from './geofence-form.ts';
import { useGeofenceSave } from './use-geofence-save.ts';

interface GeofenceEditorProps {
  geoType: GeofenceType;
  title: string;
  geofence: GeofenceDto | undefined;
  templates: readonly GeofenceTemplateDto[];
  /** A new POI's marker placed by a link (?lat=&lng=). */
  placed: GeofencePoint | null;
}

/** The side form and the drawing map of one POI or zone, added or edited. */
export function GeofenceEditor({ geoType, title, geofence, templates, placed }: GeofenceEditorProps) {
  const f = useStrings().geofenceForms;
  const me = useSessionUser();
  const { modal } = App.useApp();
  const goBack = useGoBack('/Geofence');
  const [form] = Form.useForm<GeofenceFormValues>();
  const start = geofence?.coordinates ?? (placed ? [placed] : null);
  const [points, setPoints] = useState<GeofencePoint[] | null>(start);
  const [drawFrom, setDrawFrom] = useState({ key: 0, points: start });
  const [drawing, setDrawing] = useState(start === null);
  const chosen = Form.useWatch('gtids', form) ?? [];
  const radius = Form.useWatch('geofenceRadius', form) ?? null;
  const colour = templateColour(chosen, templates);
  const manages = mayCall(toPermissionRole(me.userRole), 'manageGeofences');
  const errors = useFieldErrors(form, GEOFENCE_FIELD_ERRORS);
  const { save, remove } = useGeofenceSave(geoType, geofence, templates, errors.fail);
  const isPoi = geoType === 'POI';

  const redraw = () => {
    setPoints(null);
    setDrawFrom((d) => ({ key: d.key + 1, points: null }));
  };

  const submit = (values: GeofenceFormValues) => {
    const problem = geofenceFormProblem(geoType, values, points);
    if (problem) return errors.fail(problem.text, problem.text, problem.field ? [problem.field] : []);
    save.mutate({ values, points: points ?? [] });
  };

  const confirmDelete = () =>
    void modal.confirm({
      title: f.deleteTitle(geofence?.geofenceName ?? ''),
      content: f.deleteBody,
      okText: f.delete,
      okButtonProps: { danger: true },
      cancelText: f.cancel,
      onOk: () => remove.mutateAsync().catch(() => undefined),
    });

  return (
    <div className="geofence-form" data-testid="geofence-form">
      <aside className="geofence-form-panel">
        <Typography.Title level={4} className="geofence-form-title">
          {title}
        </Typography.Title>
        {!manages && <Alert type="info" showIcon title={f.readOnly} />}
        <Form<GeofenceFormValues>
          form={form}
          layout="vertical"
          initialValues={initialFormValues(geofence, templates)}
          onFinish={submit}
          // A problem shown beside a field goes once the field is changed.
          onValuesChange={errors.onValuesChange}
        >
          <GeofenceFields
            geoType={geoType}
            templates={templates}
            colour={colour}
            points={points}
            drawing={drawing}
            onRedraw={redraw}
            disabled={!manages}
          />
          <div className="form-buttons form-buttons-split">
            <span>
              {geofence && manages && (
                <Button danger onClick={confirmDelete} loading={remove.isPending} data-testid="delete">
                  {f.delete}
                </Button>
              )}
            </span>
            <Space>
              <Button onClick={goBack}>{f.cancel}</Button>
              {manages && <SubmitButton busy={save.isPending}>{f.save}</SubmitButton>}
            </Space>
          </div>
        </Form>
      </aside>
      <div className="geofence-form-map" data-testid="geofence-form-map">
        <MapView>
          <NavigationControl />
          <ScaleControl />
          <PlaceSearch />
          <PlacesLayer />
          {isPoi && <RadiusCircleLayer centre={points?.[0] ?? null} radiusM={radius} colour={colour} />}
          {start ? <FitShape points={start} radiusM={isPoi ? radius : null} /> : <FitToFleet geofences />}
          <GeofenceDrawTool
            key={drawFrom.key}
            shape={isPoi ? 'point' : 'polygon'}
            initial={drawFrom.points}
            colour={colour}
            editable={manages}
            onChange={setPoints}
            onDrawing={setDrawing}
          />
        </MapView>
      </div>
    </div>
  );
}
