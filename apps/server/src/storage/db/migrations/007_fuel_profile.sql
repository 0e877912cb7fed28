-- A vehicle's fuel tanks (spec 2 §3 fuelProfile): 'fuel' for port 0, 'fuel{n}' for port n, each
-- {portNumber, fuelCapacity, fuelLevelMin, fuelLevelMax, fuelLevelOperator, fuelSensorType}.
-- Written only through FuelProfileSchema (packages/contract); every vehicle, old or new, starts
-- with the spec's default tank (spec 2 §9), whose capacity 0 means "not set up".
alter table vehicles add column fuel_profile jsonb not null
  default '{"fuel": {"portNumber": 0, "fuelCapacity": 0, "fuelLevelMin": 0, "fuelLevelMax": 10, "fuelLevelOperator": "V", "fuelSensorType": "dipstick"}}';
