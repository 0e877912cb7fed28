import { z } from 'zod';
import { TRACK_FILE_FORMATS, TRANSIT_STATUSES } from '@jejak/domain';
import { ID, TimeZoneField } from '../core/fields.ts';
import { checkWindow, VehicleWindowRequestSchema, WINDOW_FIELDS } from './records.ts';

/*
 * Trip Record's playback (issue 13 item 1, past spec 1 §2): the spec's 'next' call
 * /routePlayback/timeframe/get/sync {vid, ...} (spec 3 §7) answers one vehicle's track in a window
 * of at most 31 days as columns — a day of 10 s fixes (8,640) stays small — with the window's
 * idling and parking stops for markers. Read from the vehicle log and the transit records.
 */

export const PLAYBACK_PATHS = {
  routePlayback: '/next/routePlayback/timeframe/get/sync',
  routeExport: '/next/routePlayback/timeframe/export',
} as const;

/**
 * Fixes a track export holds at most: 31 days of a fix every 10 s (267,840) fit; a longer track
 * is thinned evenly as playback's is.
 */
export const TRACK_EXPORT_MAX_FIXES = 300_000;

/** {vid, startTime, endTime, format, timeZone?}: the route as GPX, KML or CSV (issue 28 item 3). */
export const RouteExportRequestSchema = z
  .object({
    vid: ID,
    ...WINDOW_FIELDS,
    format: z.enum(TRACK_FILE_FORMATS),
    /** The CSV's times; the server's zone (JEJAK_TIME_ZONE) when left out. */
    timeZone: TimeZoneField,
  })
  .superRefine(checkWindow);
export type RouteExportRequest = z.infer<typeof RouteExportRequestSchema>;

/** Fixes a playback answer holds at most; a longer window is thinned evenly (`thinned`). */
export const PLAYBACK_MAX_FIXES = 50_000;

/** The statuses a track's `status` column indexes, in this order. */
export const PLAYBACK_STATUSES = TRANSIT_STATUSES;

/** The stops a playback marks: parking (P) and idling (I). */
export const PLAYBACK_STOP_STATUSES = ['PARKING', 'IDLING'] as const;
export type PlaybackStopStatus = (typeof PLAYBACK_STOP_STATUSES)[number];

/**
 * The track, one array per column, index i of each being the i-th fix, oldest first: time (epoch
 * ms), lat and lon (degrees, 6 decimals), speed (km/h, 1 decimal), heading (whole degrees, the
 * direction of travel) and status (an index into PLAYBACK_STATUSES).
 */
export const PlaybackTrackSchema = z.object({
  time: z.array(z.number()),
  lat: z.array(z.number()),
  lon: z.array(z.number()),
  speed: z.array(z.number()),
  heading: z.array(z.number()),
  status: z.array(
    z
      .number()
      .int()
      .min(0)
      .max(PLAYBACK_STATUSES.length - 1),
  ),
});
export type PlaybackTrack = z.infer<typeof PlaybackTrackSchema>;

/** An idling or parking transit record overlapping the window, where it began. */
export const PlaybackStopSchema = z.object({
  tsid: z.string(),
  transitStatus: z.enum(PLAYBACK_STOP_STATUSES),
  startTime: z.number(),
  endTime: z.number(),
  /** ms, the whole record's (not cut to the window). */
  duration: z.number(),
  location: z.object({ lat: z.number(), lon: z.number() }),
});
export type PlaybackStop = z.infer<typeof PlaybackStopSchema>;

/** {vid, startTime, endTime} */
export const RoutePlaybackRequestSchema = VehicleWindowRequestSchema;
export type RoutePlaybackRequest = z.infer<typeof RoutePlaybackRequestSchema>;

export const RoutePlaybackResponseSchema = z.object({
  status: z.literal(200),
  vid: z.string(),
  startTime: z.number(),
  endTime: z.number(),
  track: PlaybackTrackSchema,
  stops: z.array(PlaybackStopSchema),
  /** The window held more than PLAYBACK_MAX_FIXES fixes: every k-th is sent, and the last. */
  thinned: z.boolean(),
});
export type RoutePlaybackResponse = z.infer<typeof RoutePlaybackResponseSchema>;
