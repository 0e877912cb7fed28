/** Trip Record's playback (issue 13 item 1, past spec 1 §2). */
export const enPlayback = {
  bar: 'Playback',
  play: 'Play',
  pause: 'Pause',
  scrub: 'Playback position',
  speed: 'Playback speed',
  follow: 'Follow vehicle',
  view: 'Track colours',
  byKind: 'By kind',
  bySpeed: 'Speed colours',
  legend: 'Speed (km/h)',
  parking: 'Parking',
  idling: 'Idling',
  trip: 'Trip',
  thinned: 'Long period: the track is thinned',
  loadError: 'Could not load the playback. Try again?',
  kmh: (speedKmh: number) => `${Math.round(speedKmh)} km/h`,
} as const;
