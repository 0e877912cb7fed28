import type { RoutePlaybackResponse } from '@jejak/contract';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useStrings } from '../../../i18n/strings.ts';
import { useMap } from '../../../map/map-context.ts';
import { formatDateTime } from '../../../ui/format.ts';
import { PlaybackBar, SpeedLegend, type TrackView } from './PlaybackBar.tsx';
import { SpeedTrackLayer, StopMarkers, usePlaybackVehicle } from './PlaybackLayers.tsx';
import { playbackSpan, stepToTime, timeToStep, type PlaybackSpeed } from './playback-clock.ts';
import { PlaybackEngine, type PlaybackFrame } from './playback-engine.ts';
import type { TimeSpan } from '../path/path-chunks.ts';

/** The clock, speed and slider follow a running playback a few times a second, not every frame. */
const READOUT_INTERVAL_MS = 200;

/** Space toggles play, except where it types or presses a control. */
function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return (
    target.closest('input:not([type="range"]), textarea, select, button, [role="combobox"], [role="option"]') !== null
  );
}

interface TripPlaybackProps {
  playback: RoutePlaybackResponse;
  /** The trip picked in Trip Details: it alone plays, from its start. */
  trip: TimeSpan | null;
}

/**
 * Trip Record's playback (issue 13 item 1): a heading arrow moving along the track, driven by a
 * requestAnimationFrame loop that writes to the map directly; parking and idling stops; the
 * track in speed colours on demand; the player bar. React state holds only play/pause, speed,
 * follow and the view.
 */
export function TripPlayback({ playback, trip }: TripPlaybackProps) {
  const map = useMap();
  const s = useStrings().trips.player;
  const drawVehicle = usePlaybackVehicle();
  const tripStart = trip?.startTime ?? null;
  const tripEnd = trip?.endTime ?? null;
  const span = useMemo(
    () =>
      playbackSpan(
        playback.track.time,
        tripStart !== null && tripEnd !== null ? { startTime: tripStart, endTime: tripEnd } : null,
      ),
    [playback, tripStart, tripEnd],
  );
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<PlaybackSpeed>(1);
  const [follow, setFollow] = useState(false);
  const [view, setView] = useState<TrackView>('kind');
  const readouts = {
    clock: useRef<HTMLSpanElement>(null),
    speed: useRef<HTMLSpanElement>(null),
    slider: useRef<HTMLInputElement>(null),
  };
  const engineRef = useRef<PlaybackEngine | null>(null);
  const followRef = useRef(follow);
  const speedRef = useRef(speed);
  const scrubbingRef = useRef(false);
  const readoutAtRef = useRef(0);
  const { clock: clockRef, speed: speedNowRef, slider: sliderRef } = readouts;

  // A new track or span: a new engine at its start; a trip picked in Trip Details plays at once.
  useEffect(() => {
    if (!span) return;
    const draw = ({ timeMs, sample }: PlaybackFrame) => {
      drawVehicle(sample);
      if (sample && followRef.current) map.jumpTo({ center: [sample.lon, sample.lat] });
      const now = performance.now();
      const running = engineRef.current?.isPlaying === true && timeMs < span.endTime;
      if (running && now - readoutAtRef.current < READOUT_INTERVAL_MS) return;
      readoutAtRef.current = now;
      if (clockRef.current) clockRef.current.textContent = formatDateTime(timeMs);
      if (speedNowRef.current) speedNowRef.current.textContent = s.kmh(sample?.speedKmh ?? 0);
      if (sliderRef.current && !scrubbingRef.current) sliderRef.current.value = String(timeToStep(timeMs, span));
    };
    const engine = new PlaybackEngine(playback.track, span, draw, setPlaying);
    engineRef.current = engine;
    engine.setSpeed(speedRef.current);
    engine.render();
    if (tripStart !== null) engine.play();
    return () => {
      engine.dispose();
      engineRef.current = null;
      setPlaying(false);
      drawVehicle(null);
    };
  }, [map, playback, span, tripStart, drawVehicle, s, clockRef, speedNowRef, sliderRef]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== ' ' || event.repeat || isTypingTarget(event.target)) return;
      event.preventDefault();
      engineRef.current?.toggle();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // Dragging the map takes it back from the follow.
  useEffect(() => {
    const release = (event: { originalEvent?: unknown }) => {
      if (event.originalEvent) setFollow(false);
    };
    map.on('dragstart', release);
    return () => {
      map.off('dragstart', release);
    };
  }, [map]);

  const changeFollow = (next: boolean) => {
    followRef.current = next;
    setFollow(next);
    if (next) engineRef.current?.render();
  };
  const changeSpeed = (next: PlaybackSpeed) => {
    speedRef.current = next;
    setSpeed(next);
    engineRef.current?.setSpeed(next);
  };
  useEffect(() => {
    followRef.current = follow;
  }, [follow]);

  return (
    <>
      {view === 'speed' && <SpeedTrackLayer track={playback.track} />}
      <StopMarkers stops={playback.stops} labels={{ PARKING: s.parking, IDLING: s.idling }} />
      {span && (
        <div className="playback-overlay">
          {view === 'speed' && <SpeedLegend />}
          <PlaybackBar
            readouts={readouts}
            playing={playing}
            speed={speed}
            follow={follow}
            view={view}
            thinned={playback.thinned}
            onToggle={() => engineRef.current?.toggle()}
            onScrub={(step) => engineRef.current?.seek(stepToTime(step, span))}
            onScrubbing={(scrubbing) => (scrubbingRef.current = scrubbing)}
            onSpeed={changeSpeed}
            onFollow={changeFollow}
            onView={setView}
          />
        </div>
      )}
    </>
  );
}
