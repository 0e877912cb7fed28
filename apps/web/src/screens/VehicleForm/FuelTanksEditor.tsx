import { FUEL_LEVEL_OPERATORS, FUEL_SENSOR_TYPES, MAX_FUEL_PORT } from '@jejak/domain';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Form, InputNumber, Select } from 'antd';
import { useStrings } from '../../i18n/strings.ts';
import { mayRemoveTank, nextTank, type TankDraft } from './fuel-tanks.ts';

/** The vehicle's tanks (spec 2 §3, §5): add, remove while more than one is left. */
export function FuelTanksEditor() {
  const f = useStrings().fleetForms;
  const form = Form.useFormInstance();
  const tanks = (Form.useWatch('tanks', form) ?? []) as TankDraft[];
  const newTank = nextTank(tanks);
  return (
    <Form.List name="tanks">
      {(fields, { add, remove }) => (
        <div className="fleet-tanks" data-testid="fuel-tanks">
          {fields.map((field, i) => (
            <Card
              key={field.key}
              size="small"
              title={f.tank(i + 1)}
              data-testid={`tank-${i + 1}`}
              extra={
                <Button
                  size="small"
                  icon={<DeleteOutlined />}
                  disabled={!mayRemoveTank(tanks)}
                  onClick={() => remove(field.name)}
                  data-testid={`remove-tank-${i + 1}`}
                >
                  {f.removeTank}
                </Button>
              }
            >
              <div className="fleet-form-grid">
                <Form.Item label={f.portNumber} name={[field.name, 'portNumber']} htmlFor={`tank-${i + 1}-port`}>
                  <InputNumber id={`tank-${i + 1}-port`} min={0} max={MAX_FUEL_PORT} precision={0} />
                </Form.Item>
                <Form.Item
                  label={f.fuelCapacity}
                  name={[field.name, 'fuelCapacity']}
                  htmlFor={`tank-${i + 1}-capacity`}
                >
                  <InputNumber id={`tank-${i + 1}-capacity`} min={0} />
                </Form.Item>
                <Form.Item label={f.fuelLevelMin} name={[field.name, 'fuelLevelMin']} htmlFor={`tank-${i + 1}-min`}>
                  <InputNumber id={`tank-${i + 1}-min`} min={0} />
                </Form.Item>
                <Form.Item label={f.fuelLevelMax} name={[field.name, 'fuelLevelMax']} htmlFor={`tank-${i + 1}-max`}>
                  <InputNumber id={`tank-${i + 1}-max`} min={0} />
                </Form.Item>
                <Form.Item
                  label={f.fuelLevelOperator}
                  name={[field.name, 'fuelLevelOperator']}
                  htmlFor={`tank-${i + 1}-operator`}
                >
                  <Select
                    id={`tank-${i + 1}-operator`}
                    allowClear
                    options={FUEL_LEVEL_OPERATORS.map((op) => ({ value: op, label: f.operatorLabels[op] }))}
                  />
                </Form.Item>
                <Form.Item
                  label={f.fuelSensorType}
                  name={[field.name, 'fuelSensorType']}
                  htmlFor={`tank-${i + 1}-sensor`}
                >
                  <Select
                    id={`tank-${i + 1}-sensor`}
                    allowClear
                    options={FUEL_SENSOR_TYPES.map((type) => ({ value: type, label: f.sensorLabels[type] }))}
                  />
                </Form.Item>
              </div>
            </Card>
          ))}
          <Button icon={<PlusOutlined />} disabled={!newTank} onClick={() => add(newTank)} data-testid="add-tank">
            {f.addTank}
          </Button>
        </div>
      )}
    </Form.List>
  );
}
