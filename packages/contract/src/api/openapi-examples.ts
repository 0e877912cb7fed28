import type { z } from 'zod';
import type { OPERATIONS, OperationName } from './operation-table.ts';

type Table = typeof OPERATIONS;
type RequestOf<N extends OperationName> = Table[N]['request'] extends z.ZodType ? z.input<Table[N]['request']> : never;
type ResponseOf<N extends OperationName> = z.output<Table[N]['response']>;

/** A request body and an answer of one call, typed by its schemas so they cannot drift from them. */
export interface OperationExample<N extends OperationName> {
  request?: RequestOf<N>;
  response?: ResponseOf<N>;
}

/*
 * The people, vehicles and places of the examples: a fleet owner in Klang under a distributor
 * in Shah Alam, times on 27 November 2026 in Asia/Kuala_Lumpur (08:00 local is 00:00 UTC).
 */
const DISTRIBUTOR = '3f6c1e52-8a0b-4d3e-9c71-2b5f0d9a4e10';
const OWNER = '9b2d7c44-1e5a-4f86-a3d0-6c8e2f1b7a95';
const OPERATOR = 'c51a0e83-7d2f-4b69-8e14-0a3b9d6f2c78';
const HIERARCHY = `0d1e2f30-4a5b-4c6d-8e7f-901a2b3c4d5e#${DISTRIBUTOR}#${OWNER}`;
const VID = '8715192d-44a2-478f-b7f9-7d15524bad69';
const VID_2 = '21d2aa22-bc48-44d8-86b0-40e1dba4dc6b';
const DVID = 'GPS100#359710040000019';
const VGID = '779b65d0-36ff-403b-8af2-ef5fade8c760';
const GTID = 'daa03e1e-90a1-4805-8eaa-e4323a1345b9';
const RTID = '7c67d586-41ab-4606-9351-03777a10a031';
const DGID = '5e0f9b7a-2c13-4d8e-b6a4-71f3c09d2e58';
/** 08:00 on 27 November 2026 in Kuala Lumpur. */
const MORNING = 1_795_737_600_000;
const HOUR = 3_600_000;
const MINUTE = 60_000;
const KLANG = { lat: 3.0449, lon: 101.4456 };
const SHAH_ALAM = { lat: 3.0851, lon: 101.5328 };
const PREFERENCE = {
  in_app_notification: true,
  in_app_notification_info: true,
  in_app_notification_warning: true,
  in_app_notification_critical: true,
};
const OWNER_USER = {
  uid: OWNER,
  userName: 'Klang Valley Cold Chain Sdn Bhd',
  userEmail: 'owner2@demo.jejak.my',
  userRole: 'fleetOwner' as const,
  userContact: '+60333445566',
  userAddress: 'Jalan Kapar, 42100 Klang',
  userHierarchy: HIERARCHY,
  parentId: DISTRIBUTOR,
  preference: PREFERENCE,
};
const NO_SERVICE_DATES = {
  engineServiceNextMileage: null,
  engineServiceNextWorkingHour: null,
  engineServiceDueDate: null,
  transmissionServiceNextMileage: null,
  transmissionServiceDueDate: null,
  rearAxleServiceNextMileage: null,
  rearAxleServiceDueDate: null,
  serviceNextMileage: null,
  serviceDueDate: null,
  permitDueDate: null,
};
const FUEL_PROFILE = {
  fuel: {
    portNumber: 0,
    fuelCapacity: 80,
    fuelLevelMin: 0,
    fuelLevelMax: 10,
    fuelLevelOperator: 'V' as const,
    fuelSensorType: 'dipstick' as const,
  },
};

/**
 * Examples of the most used calls, shown in the API docs and checked against their schemas by
 * the contract's tests. The other calls show what Swagger UI derives from their schemas.
 */
export const OPERATION_EXAMPLES: { [N in OperationName]?: OperationExample<N> } = {
  login: {
    request: { email: 'owner2@demo.jejak.my', password: 'demo1234' },
    response: { status: 200, user: OWNER_USER, timeZone: 'Asia/Kuala_Lumpur' },
  },
  session: { response: { status: 200, user: OWNER_USER, timeZone: 'Asia/Kuala_Lumpur' } },
  userGetInfo: {
    request: { uid: OWNER },
    response: { status: 200, user: [{ stage: 'V2', createdAt: MORNING - 400 * 24 * HOUR }] },
  },
  userGetChildren: {
    request: { uid: OWNER },
    response: {
      status: 200,
      users: [
        {
          uid: OPERATOR,
          userName: 'Siti Nurhaliza binti Ahmad',
          userEmail: 'siti@klangcoldchain.com.my',
          userRole: 'fleetOperator',
          userHierarchy: `${HIERARCHY}#${OPERATOR}`,
          parentId: OWNER,
          childCount: 0,
        },
      ],
    },
  },
  vehicleGet: {
    request: { uid: OWNER },
    response: {
      status: 200,
      vehicles: [
        {
          vid: VID,
          uid: OWNER,
          userName: OWNER_USER.userName,
          dvid: DVID,
          simCard: '+601120142542',
          vehiclePlate: 'WVC 3308',
          vehicleDisplayName: 'Lori Sejuk 03',
          vehicleType: 'Truck',
          vehicleModel: 'Isuzu NPR',
          transitStatus: 'MOVING',
          mileage: 48_213.4,
          createdAt: MORNING - 200 * 24 * HOUR,
          updatedAt: MORNING + 2 * HOUR,
          fuelProfile: FUEL_PROFILE,
          vehicleGroups: [{ vgid: VGID, groupName: 'ALL', subName: OWNER_USER.userName, colorHexCode: 'FFFFFF' }],
          gtids: [GTID],
          rtids: [RTID],
          ...NO_SERVICE_DATES,
          serviceNextMileage: 50_000,
          permitDueDate: MORNING + 90 * 24 * HOUR,
          subsStartDate: MORNING - 200 * 24 * HOUR,
          subsEndDate: MORNING + 165 * 24 * HOUR,
        },
      ],
    },
  },
  vehicleAdd: {
    request: {
      vehicle: {
        dvid: DVID,
        vehicleDisplayName: 'Lori Sejuk 03',
        vehiclePlate: 'WVC 3308',
        vehicleModel: 'Isuzu NPR',
        vehicleType: 'Truck',
        fuelProfile: FUEL_PROFILE,
        ...NO_SERVICE_DATES,
        subsStartDate: null,
        subsEndDate: null,
      },
      user: { uid: OWNER, userRole: 'fleetOwner' },
      vgids: [VGID],
      gtids: [GTID],
      rtids: [RTID],
    },
  },
  deviceAdd: {
    request: {
      dgid: DGID,
      device: {
        imei: '352093081234567',
        model: 'TEL100',
        simCard: '+60112233445',
        brand: 'Teltonika',
        uid: DISTRIBUTOR,
      },
    },
  },
  vehicleGroupAdd: {
    request: { uid: OWNER, vehicleGroupName: 'Lori Sejuk Klang', colorHexCode: '1677FF' },
  },
  geofenceAdd: {
    request: {
      geofence: {
        geoType: 'POI',
        geofenceName: 'Depot Kapar',
        geofenceComment: 'Cold store, loading bay 2',
        coordinates: [{ lat: KLANG.lat, lng: KLANG.lon }],
        geofenceRadius: 150,
        uid: OWNER,
        gtids: [GTID],
      },
    },
  },
  geofenceGet: { request: { uid: OWNER } },
  events: {
    request: { vids: [VID], startTime: MORNING, endTime: MORNING + 10 * HOUR },
    response: {
      status: 200,
      eventLogs: [
        {
          evid: '0b9e6c1d-43f2-4a8b-9d57-e2a1c3b4f506',
          vid: VID,
          dvid: DVID,
          eventName: 'Overspeed 90 km/h',
          eventType: 'WARNING',
          location: SHAH_ALAM,
          createdAt: MORNING + 2 * HOUR + 5_000,
          eventCreatedAt: MORNING + 2 * HOUR,
          address: 'Persiaran Kayangan, near Shah Alam, Selangor',
          speed: 97,
          eventResult: 0,
          ruid: 'a4c2e9f1-6b3d-4e8a-9f10-2d7c5b8e1a34',
          rtid: RTID,
          geoid: null,
          alarm: null,
        },
      ],
      truncated: false,
    },
  },
  transitRecords: {
    request: { vid: VID, startTime: MORNING, endTime: MORNING + 10 * HOUR },
    response: {
      status: 200,
      transitRecords: [
        {
          tsid: 'f1e2d3c4-b5a6-4978-8695-a4b3c2d1e0f9',
          trid: 'e7d6c5b4-a392-4817-9f6e-5d4c3b2a1908',
          vid: VID,
          transitStatus: 'MOVING',
          startTime: MORNING + HOUR,
          endTime: MORNING + HOUR + 42 * MINUTE,
          duration: 42 * MINUTE,
          totalMileage: 31.6,
          topSpeed: 88,
          avgSpeed: 45.1,
          totalFuel: 6.2,
          startAddress: 'Jalan Kapar, near Klang, Selangor',
          endAddress: 'Persiaran Kayangan, near Shah Alam, Selangor',
          startLocation: KLANG,
          endLocation: SHAH_ALAM,
          createdAt: MORNING + HOUR + 43 * MINUTE,
        },
      ],
    },
  },
  tripRecords: {
    request: { vid: VID, startTime: MORNING, endTime: MORNING + 10 * HOUR },
    response: {
      status: 200,
      tripRecords: [
        {
          trid: 'e7d6c5b4-a392-4817-9f6e-5d4c3b2a1908',
          vid: VID,
          tripStatus: 'TRANSIT',
          startTime: MORNING + HOUR,
          endTime: MORNING + HOUR + 55 * MINUTE,
          totalDistance: 31.6,
          topSpeed: 88,
          totalMovingDuration: 42 * MINUTE,
          totalIdlingDuration: 13 * MINUTE,
          numberOfEvents: 1,
        },
      ],
    },
  },
  routePlayback: {
    request: { vid: VID, startTime: MORNING, endTime: MORNING + 10 * HOUR },
    response: {
      status: 200,
      vid: VID,
      startTime: MORNING,
      endTime: MORNING + 10 * HOUR,
      track: {
        time: [MORNING + HOUR, MORNING + HOUR + 30_000, MORNING + HOUR + 60_000],
        lat: [3.0449, 3.0461, 3.0478],
        lon: [101.4456, 101.4489, 101.4521],
        speed: [0, 42, 57],
        heading: [0, 68, 71],
        status: [1, 0, 0],
      },
      stops: [
        {
          tsid: 'c3b2a190-8f7e-4d6c-9b5a-4e3d2c1b0a98',
          transitStatus: 'PARKING',
          startTime: MORNING - 10 * HOUR,
          endTime: MORNING + HOUR,
          duration: 11 * HOUR,
          location: KLANG,
        },
      ],
      thinned: false,
    },
  },
  reportMileage: {
    request: { vids: [VID, VID_2], startTime: MORNING, endTime: MORNING + 24 * HOUR },
  },
  ticketGet: { request: { vids: [VID] } },
  geocode: {
    request: { lat: 3.1478, lon: 101.6953 },
    response: { status: 200, address: 'Kuala Lumpur', msg: 'gazetteer' },
  },
  placeSearch: {
    request: { q: 'Shah Alam' },
    response: {
      status: 200,
      places: [{ name: 'Shah Alam', region: 'Selangor', ...SHAH_ALAM, source: 'gazetteer' }],
    },
  },
  version: { response: { version: '0.1.0', region: 'MY' } },
  userGetVehicles: { request: { uid: OWNER } },
  deviceGroupGet: { request: { uid: DISTRIBUTOR, dgids: [DGID] } },
  changePassword: {
    request: { email: 'owner2@demo.jejak.my', currentPassword: 'demo1234', newPassword: 'Kunci-Kapar-2026!' },
  },
};
