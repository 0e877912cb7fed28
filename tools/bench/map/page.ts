/**
 * bench:map's measurements in the console page (real Chromium through playwright-core): the time
 * until every vehicle is drawn, frames per second while panning and zooming, main-thread time
 * spent per second of live updates, and the page's JavaScript heap.
 */
import type { CDPSession, Page } from 'playwright-core';

/** The page's test handle (apps/web/src/env.d.ts), as far as the bench reads it. */
interface BenchWindow {
  __jejak?: {
    map: {
      getSource: (id: string) => { getData: () => Promise<{ features?: unknown[] }> } | undefined;
      queryRenderedFeatures: (options: { layers: string[] }) => { properties: Record<string, unknown> }[];
      isMoving: () => boolean;
      loaded: () => boolean;
      getCanvas: () => HTMLCanvasElement;
      easeTo: (options: { zoom: number; duration: number }) => void;
      getZoom: () => number;
      fitBounds: (bounds: [[number, number], [number, number]], options: { animate: boolean }) => void;
      once: (event: string, listener: () => void) => void;
      triggerRepaint: () => void;
    };
    liveStore: { metrics?: { messages: number; batches: number; applyMs: number; redrawMs?: number } };
  };
}

/**
 * Milliseconds from navigating to `url` until the vehicles source holds `count` features, and
 * until every one of them is rendered (drawn: an arrow, or counted in a cluster); for `count` 0,
 * until the map has loaded. Polled every 250 ms.
 */
export async function timeToDraw(
  page: Page,
  url: string,
  count: number,
): Promise<{ sourceMs: number; idleMs: number }> {
  const t0 = performance.now();
  await page.goto(url);
  let sourceMs: number | null = null;
  let last = { features: 0, loaded: false, url: '' };
  while (performance.now() - t0 < 120_000) {
    const state = await page.evaluate(async (wanted) => {
      const map = (window as unknown as BenchWindow).__jejak?.map;
      const source = map?.getSource('vehicles');
      const url = location.pathname;
      if (!map || !source) return { features: 0, loaded: false, url };
      const data = await source.getData();
      const features = data.features?.length ?? 0;
      // With no vehicles (the baseline): the map with its basemap loaded.
      if (wanted === 0) return { features, loaded: map.loaded(), url };
      // Drawn: every vehicle is on the canvas (the view fits the fleet), as its own arrow or
      // counted in a cluster's disc (zoom 12 and under, ADR 0081).
      const arrows = new Set(map.queryRenderedFeatures({ layers: ['vehicles-arrows'] }).map((f) => f.properties['vid']))
        .size;
      const clusters = new Map(
        map
          .queryRenderedFeatures({ layers: ['vehicles-clusters'] })
          .map((f) => [f.properties['cluster_id'], Number(f.properties['point_count'])] as const),
      );
      const drawn = features > 0 && arrows + [...clusters.values()].reduce((a, b) => a + b, 0);
      return { features, loaded: drawn === features, url };
    }, count);
    last = state;
    const at = performance.now() - t0;
    if (state.features >= count) {
      // The empty map has no source to fill: both times are when it has loaded.
      if (count > 0) sourceMs ??= at;
      if (state.loaded) return { sourceMs: sourceMs ?? at, idleMs: at };
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the map did not draw ${count} vehicles within 120 s: ${JSON.stringify(last)}`);
}

/**
 * Puts every run's map on one camera before the frame rates are taken: the box the simulator's
 * routes lie in (the view a fleet fits to is about this), so the empty baseline pans and zooms
 * over the same basemap as the fleets.
 */
export async function fitBox(page: Page, box: [[number, number], [number, number]]): Promise<void> {
  await page.evaluate((bounds) => {
    const map = (window as unknown as BenchWindow).__jejak!.map;
    map.fitBounds(bounds, { animate: false });
  }, box);
}

/**
 * Frames per second over `seconds` while the map is dragged as a user drags it: a held mouse
 * button moving a little every frame (mouse events on the map's canvas, so the map sees a
 * gesture by hand, as the console's layers do).
 */
export function panFps(page: Page, seconds: number): Promise<number> {
  return page.evaluate(
    (ms) =>
      new Promise<number>((resolve) => {
        const map = (window as unknown as BenchWindow).__jejak!.map;
        const canvas = map.getCanvas();
        const box = canvas.getBoundingClientRect();
        let x = box.left + box.width / 2;
        let y = box.top + box.height / 2;
        const mouse = (type: string, buttons: number) =>
          canvas.dispatchEvent(
            new MouseEvent(type, { bubbles: true, cancelable: true, clientX: x, clientY: y, button: 0, buttons }),
          );
        mouse('mousedown', 1);
        let frames = 0;
        let step = 0;
        const start = performance.now();
        const frame = (now: number) => {
          if (now - start >= ms) {
            mouse('mouseup', 0);
            resolve((frames * 1000) / (now - start));
            return;
          }
          frames++;
          step++;
          // Back and forth, so the view stays over the fleet.
          x += Math.floor(step / 60) % 2 === 0 ? 12 : -12;
          y += 4 * Math.sin(step / 10);
          mouse('mousemove', 1);
          requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
    seconds * 1000,
  );
}

/** Frames per second over `seconds` while the map eases in and out by two zoom levels. */
export function zoomFps(page: Page, seconds: number): Promise<number> {
  return page.evaluate(
    (ms) =>
      new Promise<number>((resolve) => {
        const map = (window as unknown as BenchWindow).__jejak!.map;
        const base = map.getZoom();
        let frames = 0;
        let zoomIn = true;
        const start = performance.now();
        const ease = () => {
          map.easeTo({ zoom: zoomIn ? base + 2 : base, duration: 1000 });
          zoomIn = !zoomIn;
        };
        ease();
        const timer = setInterval(ease, 1000);
        const frame = (now: number) => {
          if (now - start >= ms) {
            clearInterval(timer);
            map.easeTo({ zoom: base, duration: 0 });
            resolve((frames * 1000) / (now - start));
            return;
          }
          frames++;
          requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      }),
    seconds * 1000,
  );
}

async function metrics(cdp: CDPSession): Promise<Record<string, number>> {
  const { metrics: list } = await cdp.send('Performance.getMetrics');
  return Object.fromEntries(list.map((m) => [m.name, m.value]));
}

export interface LiveCost {
  /** Main-thread busy time (CDP TaskDuration) per second of live updates, in ms. */
  taskMsPerS: number;
  /** Of which JavaScript (CDP ScriptDuration), in ms. */
  scriptMsPerS: number;
  /** Live messages the page took in per second (when the store counts them). */
  messagesPerS: number | null;
  /** Store apply time per second (when the store counts it), in ms. */
  applyMsPerS: number | null;
  /** Vehicle layer's diff and source update calls per second (when counted), in ms. */
  redrawMsPerS: number | null;
}

/** With the map still and live updates flowing: what they cost the main thread per second, over `seconds`. */
export async function liveCost(page: Page, cdp: CDPSession, seconds: number): Promise<LiveCost> {
  const storeMetrics = () =>
    page.evaluate(() => ({ ...((window as unknown as BenchWindow).__jejak?.liveStore.metrics ?? null) }));
  const m0 = await metrics(cdp);
  const s0 = await storeMetrics();
  const t0 = performance.now();
  await new Promise((r) => setTimeout(r, seconds * 1000));
  const m1 = await metrics(cdp);
  const s1 = await storeMetrics();
  const wallS = (performance.now() - t0) / 1000;
  const per = (key: string) => (((m1[key] ?? 0) - (m0[key] ?? 0)) * 1000) / wallS;
  const counted = typeof s0.messages === 'number' && typeof s1.messages === 'number';
  return {
    taskMsPerS: per('TaskDuration'),
    scriptMsPerS: per('ScriptDuration'),
    messagesPerS: counted ? ((s1.messages ?? 0) - (s0.messages ?? 0)) / wallS : null,
    applyMsPerS: counted ? ((s1.applyMs ?? 0) - (s0.applyMs ?? 0)) / wallS : null,
    redrawMsPerS: counted ? ((s1.redrawMs ?? 0) - (s0.redrawMs ?? 0)) / wallS : null,
  };
}

/** The page's used JavaScript heap in MB, after a garbage collection. */
export async function heapMb(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  return ((await metrics(cdp))['JSHeapUsedSize'] ?? NaN) / 2 ** 20;
}
