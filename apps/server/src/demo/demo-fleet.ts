import { DEFAULT_FUEL_TANK, defaultFuelProfile, type FuelProfile } from '@jejak/domain';

/**
 * The demo fleet: people and vehicles that look like a Malaysian logistics business in the
 * Klang Valley (issue #2). Pure data; seeding writes it through the repositories.
 */
export const DEMO_DOMAIN = 'demo.jejak.my';
export const DEMO_IMEI_BASE = 359_710_040_000_000;

export interface DemoUser {
  key: 'super' | 'support' | 'distributor' | 'owner' | 'manager' | 'operator' | 'owner2' | 'legacy';
  email: string;
  name: string;
  role: 'super' | 'support' | 'distributor' | 'fleetOwner' | 'fleetManager' | 'fleetOperator';
  parent: DemoUser['key'] | null;
  contact: string;
  address: string;
  stages: ('V1' | 'V2')[];
}

export const DEMO_USERS: DemoUser[] = [
  {
    key: 'super',
    email: `super@${DEMO_DOMAIN}`,
    name: 'Jejak Admin',
    role: 'super',
    parent: null,
    contact: '+60320001000',
    address: 'Menara Jejak, Jalan Ampang, 50450 Kuala Lumpur',
    stages: ['V2'],
  },
  {
    key: 'support',
    email: `support@${DEMO_DOMAIN}`,
    name: 'Hafiz bin Rahman',
    role: 'support',
    parent: 'super',
    contact: '+60320001010',
    address: 'Menara Jejak, Jalan Ampang, 50450 Kuala Lumpur',
    stages: ['V2'],
  },
  {
    key: 'distributor',
    email: `distributor@${DEMO_DOMAIN}`,
    name: 'Selangor Telematik Sdn Bhd',
    role: 'distributor',
    parent: 'super',
    contact: '+60355101234',
    address: 'Jalan Kristal 7/61, Seksyen 7, 40000 Shah Alam',
    stages: ['V2'],
  },
  {
    key: 'owner',
    email: `owner@${DEMO_DOMAIN}`,
    name: 'Syarikat Pengangkutan Maju Jaya',
    role: 'fleetOwner',
    parent: 'distributor',
    contact: '+60378801122',
    address: 'Lot 12, Jalan Puchong, 47100 Puchong',
    stages: ['V1', 'V2'],
  },
  {
    key: 'manager',
    email: `manager@${DEMO_DOMAIN}`,
    name: 'Tan Wei Ming',
    role: 'fleetManager',
    parent: 'owner',
    contact: '+60129876543',
    address: 'Lot 12, Jalan Puchong, 47100 Puchong',
    stages: ['V2'],
  },
  {
    key: 'operator',
    email: `operator@${DEMO_DOMAIN}`,
    name: 'Nurul Aisyah binti Hamzah',
    role: 'fleetOperator',
    parent: 'owner',
    contact: '+60123456789',
    address: 'Lot 12, Jalan Puchong, 47100 Puchong',
    stages: ['V2'],
  },
  {
    key: 'owner2',
    email: `owner2@${DEMO_DOMAIN}`,
    name: 'Klang Valley Cold Chain Sdn Bhd',
    role: 'fleetOwner',
    parent: 'distributor',
    contact: '+60333445566',
    address: 'Jalan Kapar, 42100 Klang',
    stages: ['V2'],
  },
  {
    key: 'legacy',
    email: `legacy@${DEMO_DOMAIN}`,
    name: 'Rangkaian Lama Enterprise',
    role: 'fleetOwner',
    parent: 'distributor',
    contact: '+60361234567',
    address: 'Jalan Ipoh, 51200 Kuala Lumpur',
    stages: ['V1'],
  },
];

export interface DemoVehicle {
  owner: 'owner' | 'owner2';
  plate: string;
  name: string;
  type: string;
  model: string;
  /** In the vehicle group the owner gives its operator and its manager. */
  operatorGroup: boolean;
  /**
   * Fitted with a Teltonika tracker (DEMO_FUEL_MODEL) reading its tank's dipstick, rather than
   * a GT06 (which has no fuel input): Fuel Analysis and the refuel and drain reports show data.
   */
  fuelSensor?: true;
}

/** The model of the demo's trackers that read a fuel level sensor (Teltonika FMB, AIN1). */
export const DEMO_FUEL_MODEL = 'TEL100';

export const DEMO_VEHICLES: DemoVehicle[] = [
  { owner: 'owner', plate: 'WXY 1234', name: 'Lori 01 Puchong', type: 'Truck', model: 'Hino 300', operatorGroup: true },
  {
    owner: 'owner',
    plate: 'BMK 5521',
    name: 'Lori 02 Shah Alam',
    type: 'Truck',
    model: 'Isuzu NPR',
    operatorGroup: true,
  },
  { owner: 'owner', plate: 'VBD 882', name: 'Van Hantar 03', type: 'Van', model: 'Toyota Hiace', operatorGroup: true },
  {
    owner: 'owner',
    plate: 'WA 7790 K',
    name: 'Van Hantar 04',
    type: 'Van',
    model: 'Nissan Urvan',
    operatorGroup: true,
  },
  {
    owner: 'owner',
    plate: 'BPH 4410',
    name: 'Pikap 05 Subang',
    type: '4x4Drive',
    model: 'Toyota Hilux',
    operatorGroup: true,
  },
  {
    owner: 'owner',
    plate: 'WVC 3308',
    name: 'Lori 06 Kepong',
    type: 'Truck',
    model: 'Mitsubishi Fuso',
    operatorGroup: false,
  },
  {
    owner: 'owner',
    plate: 'BNA 1919',
    name: 'Bas Pekerja 07',
    type: 'Bus',
    model: 'Scania K250',
    operatorGroup: false,
    fuelSensor: true,
  },
  {
    owner: 'owner',
    plate: 'VEP 6021',
    name: 'Kereta Jualan 08',
    type: 'Motocar',
    model: 'Perodua Bezza',
    operatorGroup: false,
  },
  {
    owner: 'owner',
    plate: 'WQM 2245',
    name: 'Kereta Jualan 09',
    type: 'Motocar',
    model: 'Proton Saga',
    operatorGroup: false,
    fuelSensor: true,
  },
  {
    owner: 'owner',
    plate: 'BQR 7703',
    name: 'Motosikal Despatch 10',
    type: 'Motocycle',
    model: 'Honda Wave 125',
    operatorGroup: false,
  },
  {
    owner: 'owner',
    plate: 'VFA 5150',
    name: 'Lori 11 Cheras',
    type: 'Truck',
    model: 'Hino 500',
    operatorGroup: false,
    fuelSensor: true,
  },
  {
    owner: 'owner',
    plate: 'WPN 8126',
    name: 'Teksi Eksekutif 12',
    type: 'Taxi',
    model: 'Toyota Camry',
    operatorGroup: false,
    fuelSensor: true,
  },
  {
    owner: 'owner2',
    plate: 'BKT 3321',
    name: 'Trak Sejuk A1',
    type: 'Truck',
    model: 'Isuzu FVR',
    operatorGroup: false,
  },
  {
    owner: 'owner2',
    plate: 'BKT 3322',
    name: 'Trak Sejuk A2',
    type: 'Truck',
    model: 'Isuzu FVR',
    operatorGroup: false,
  },
  { owner: 'owner2', plate: 'BLM 6070', name: 'Trak Sejuk B1', type: 'Truck', model: 'Hino 300', operatorGroup: false },
  {
    owner: 'owner2',
    plate: 'VCG 1188',
    name: 'Van Sejuk Klang',
    type: 'Van',
    model: 'Toyota Hiace',
    operatorGroup: false,
  },
  {
    owner: 'owner2',
    plate: 'WB 4567 T',
    name: 'Van Sejuk Ampang',
    type: 'Van',
    model: 'Hyundai H350',
    operatorGroup: false,
  },
  {
    owner: 'owner2',
    plate: 'BRS 2024',
    name: 'Pikap Servis Kapar',
    type: '4x4Drive',
    model: 'Ford Ranger',
    operatorGroup: false,
  },
  {
    owner: 'owner2',
    plate: 'VHK 909',
    name: 'Kereta Penyelia',
    type: 'Motocar',
    model: 'Proton X50',
    operatorGroup: false,
  },
  {
    owner: 'owner2',
    plate: 'BJW 7312',
    name: 'Trak Sejuk C1',
    type: 'Truck',
    model: 'Mitsubishi Fuso',
    operatorGroup: false,
  },
];

export function demoImei(index: number): string {
  return String(DEMO_IMEI_BASE + index + 1);
}

export function demoSimCard(index: number): string {
  return `+6011${String(20_000_000 + index * 7_919).padStart(8, '0')}`;
}

/** What the demo's vehicle types burn, litres per 100 km (the fuel sensors' simulated consumption). */
export const DEMO_BURN_LITRES_PER_100KM: Readonly<Record<string, number>> = {
  Truck: 25,
  Bus: 35,
  Van: 12,
  '4x4Drive': 11,
  Motocar: 7,
  Taxi: 8,
};

/** Round tank sizes for the demo's vehicle types, litres. */
const DEMO_TANK_LITRES: Readonly<Record<string, number>> = {
  Truck: 200,
  Bus: 300,
  Van: 70,
  '4x4Drive': 80,
  Motocar: 40,
  Taxi: 60,
};

/**
 * A demo vehicle's tank: a 0–10 V dipstick on analog input 1 (the spec's default sensor range)
 * sized for its type. Motorcycles carry no fuel sensor, so they keep the default, unset tank.
 */
export function demoFuelProfile(type: string): FuelProfile {
  const litres = DEMO_TANK_LITRES[type];
  return litres === undefined ? defaultFuelProfile() : { fuel: { ...DEFAULT_FUEL_TANK, fuelCapacity: litres } };
}
