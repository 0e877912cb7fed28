import {
  API_PATHS,
  TrackerSetupResponseSchema,
  UnknownDevicesResponseSchema,
  type TrackerSetupResponse,
  type UnknownDevice,
} from '@jejak/contract';
import { apiPost } from '../client.ts';

/** Query keys of tracker onboarding (ADR 0074). */
export const onboardingKeys = {
  setup: ['trackerSetup'] as const,
  unknown: ['unknownDevices'] as const,
};

/** POST /gateway/setup/get {}: the host trackers report to and each protocol's port. */
export async function fetchTrackerSetup(): Promise<TrackerSetupResponse> {
  return apiPost(API_PATHS.trackerSetup, {}, TrackerSetupResponseSchema);
}

/** POST /device/unknown/get {}: trackers refused because their IMEI is not registered. */
export async function fetchUnknownDevices(): Promise<UnknownDevice[]> {
  return (await apiPost(API_PATHS.unknownDevices, {}, UnknownDevicesResponseSchema)).unknownDevices;
}
