export * from './geofence.ts';
export * from './geofence-state.ts';
export * from './validate.ts';
export * from './profile.ts';
export * from './polygon-crossing.ts';
