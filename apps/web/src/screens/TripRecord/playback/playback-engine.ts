import type { PlaybackTrack } from '@jejak/contract';
import { advance, type PlaybackSpan } from './playback-clock.ts';
import { sampleAt, type PlaybackSample } from './playback-track.ts';

export interface PlaybackFrame {
  timeMs: number;
  sample: PlaybackSample | null;
}

/**
 * Runs a playback outside React (issue 13 item 1): a requestAnimationFrame loop moves the journey
 * clock and hands each frame to `draw`, which writes straight to the map; React hears only of
 * play and pause through `onPlaying`.
 */
export class PlaybackEngine {
  private timeMs: number;
  private speed = 1;
  private playing = false;
  private frameId = 0;
  private lastFrameAt = 0;

  constructor(
    private readonly track: PlaybackTrack,
    private readonly span: PlaybackSpan,
    private readonly draw: (frame: PlaybackFrame) => void,
    private readonly onPlaying: (playing: boolean) => void,
  ) {
    this.timeMs = span.startTime;
  }

  get time(): number {
    return this.timeMs;
  }

  get isPlaying(): boolean {
    return this.playing;
  }

  play(): void {
    if (this.playing) return;
    // Play at the end starts again from the beginning.
    if (this.timeMs >= this.span.endTime) this.timeMs = this.span.startTime;
    this.playing = true;
    this.lastFrameAt = performance.now();
    this.frameId = requestAnimationFrame(this.frame);
    this.onPlaying(true);
  }

  pause(): void {
    if (!this.playing) return;
    this.playing = false;
    cancelAnimationFrame(this.frameId);
    // The readouts show exactly where it stopped.
    this.render();
    this.onPlaying(false);
  }

  toggle(): void {
    if (this.playing) this.pause();
    else this.play();
  }

  setSpeed(speed: number): void {
    this.speed = speed;
  }

  /** Jumps to a journey time (the slider, a trip picked) and draws it at once. */
  seek(timeMs: number): void {
    this.timeMs = Math.min(this.span.endTime, Math.max(this.span.startTime, timeMs));
    this.render();
  }

  render(): void {
    this.draw({ timeMs: this.timeMs, sample: sampleAt(this.track, this.timeMs) });
  }

  dispose(): void {
    this.playing = false;
    cancelAnimationFrame(this.frameId);
  }

  private readonly frame = (now: number): void => {
    if (!this.playing) return;
    this.timeMs = advance(this.timeMs, now - this.lastFrameAt, this.speed, this.span);
    this.lastFrameAt = now;
    this.render();
    if (this.timeMs >= this.span.endTime) {
      this.pause();
      return;
    }
    this.frameId = requestAnimationFrame(this.frame);
  };
}
