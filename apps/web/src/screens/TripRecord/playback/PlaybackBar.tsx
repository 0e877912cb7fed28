import { AimOutlined, CaretRightOutlined, PauseOutlined } from '@ant-design/icons';
import { Button, Segmented } from 'antd';
import type { RefObject } from 'react';
import { useStrings } from '../../../i18n/strings.ts';
import { PLAYBACK_SPEEDS, SCRUB_STEPS, type PlaybackSpeed } from './playback-clock.ts';
import { SPEED_BANDS, speedBandLabel } from './playback-track.ts';

export type TrackView = 'kind' | 'speed';

/** The elements the playback writes to as it runs, without a React render. */
export interface PlaybackReadouts {
  clock: RefObject<HTMLSpanElement | null>;
  speed: RefObject<HTMLSpanElement | null>;
  slider: RefObject<HTMLInputElement | null>;
}

interface PlaybackBarProps {
  readouts: PlaybackReadouts;
  playing: boolean;
  speed: PlaybackSpeed;
  follow: boolean;
  view: TrackView;
  thinned: boolean;
  onToggle: () => void;
  onScrub: (step: number) => void;
  onScrubbing: (scrubbing: boolean) => void;
  onSpeed: (speed: PlaybackSpeed) => void;
  onFollow: (follow: boolean) => void;
  onView: (view: TrackView) => void;
}

/** The player under Trip Record's map: play and pause, the scrub slider, the clock, speeds and views. */
export function PlaybackBar(props: PlaybackBarProps) {
  const s = useStrings().trips.player;
  const { readouts } = props;
  return (
    <div className="playback-bar" role="group" aria-label={s.bar} data-testid="playback-bar">
      <div className="playback-row">
        <Button
          type="primary"
          shape="circle"
          icon={props.playing ? <PauseOutlined /> : <CaretRightOutlined />}
          aria-label={props.playing ? s.pause : s.play}
          title={props.playing ? s.pause : s.play}
          data-testid="playback-play"
          data-playing={props.playing}
          onClick={props.onToggle}
        />
        <span className="playback-readout">
          <span ref={readouts.clock} className="playback-clock" data-testid="playback-clock" />
          <span ref={readouts.speed} className="playback-speed-now" data-testid="playback-speed-now" />
        </span>
        <input
          ref={readouts.slider}
          className="playback-scrub"
          type="range"
          min={0}
          max={SCRUB_STEPS}
          step={1}
          defaultValue={0}
          aria-label={s.scrub}
          data-testid="playback-scrub"
          onInput={(e) => props.onScrub(Number(e.currentTarget.value))}
          onPointerDown={() => props.onScrubbing(true)}
          onPointerUp={() => props.onScrubbing(false)}
        />
      </div>
      <div className="playback-row playback-options">
        <Segmented<PlaybackSpeed>
          size="small"
          aria-label={s.speed}
          data-testid="playback-speeds"
          value={props.speed}
          options={PLAYBACK_SPEEDS.map((x) => ({ label: `${x}×`, value: x }))}
          onChange={props.onSpeed}
        />
        <Button
          size="small"
          type={props.follow ? 'primary' : 'default'}
          icon={<AimOutlined />}
          aria-pressed={props.follow}
          data-testid="playback-follow"
          onClick={() => props.onFollow(!props.follow)}
        >
          {s.follow}
        </Button>
        <Segmented<TrackView>
          size="small"
          aria-label={s.view}
          data-testid="playback-view"
          value={props.view}
          options={[
            { label: s.byKind, value: 'kind' },
            { label: s.bySpeed, value: 'speed' },
          ]}
          onChange={props.onView}
        />
        {props.thinned && <span className="playback-note">{s.thinned}</span>}
      </div>
    </div>
  );
}

/** What the speed colours mean, in km/h bands. */
export function SpeedLegend() {
  const s = useStrings().trips.player;
  return (
    <ul className="trip-legend playback-speed-legend" data-testid="playback-speed-legend" aria-label={s.legend}>
      <li className="playback-speed-legend-title">{s.legend}</li>
      {SPEED_BANDS.map((band, i) => (
        <li key={band.minKmh}>
          <span className="trip-legend-swatch" style={{ background: band.colour }} />
          {speedBandLabel(i)}
        </li>
      ))}
    </ul>
  );
}
