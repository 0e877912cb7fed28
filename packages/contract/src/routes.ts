/** API paths under the main base /api (DESIGN §3). */
export const API_BASE = '/api';
export const API_PATHS = {
  login: '/auth/login',
  logout: '/auth/logout',
  session: '/auth/session',
  userGetInfo: '/user/getInfo',
  userGetHierarchy: '/user/gethierarchy',
  unknownDevices: '/device/unknown/get',
  transitRecords: '/transitRecord/timeFrame',
  tripRecords: '/tripRecord/timeFrame',
  deviceLogs: '/deviceLog/getdvidtimeframe',
  vehicleLogs: '/vehicleLog/getvidtimeframe',
  geocode: '/geocode',
  version: '/version',
  openapi: '/openapi.json',
} as const;
