import { pushPoint, pushTransits, tripNow, tripsAtParking, type AcceptedFix } from '@jejak/domain';
import type { FittedState, Step, StepContext } from '../types.ts';

/**
 * Transit records and trips (DESIGN §1): the accepted position joins the open transit record,
 * closing it when the status changed; closed records group into trips, which span from leaving a
 * parking to the next parking. The step gets the records closed, the trips made final, the trip
 * the vehicle is in now, and the stop found to be a parking if any (ADR 0036).
 */
export function segmentation(state: FittedState, step: Step, at: AcceptedFix, ctx: StepContext): void {
  const transit = state.transit;
  // Set by the transit stage just before: the check only tells the type.
  if (!transit) return;
  const deviceTime = at.deviceTimeMs;
  const before = state.segmenter.open;
  const pushed = pushPoint(state.segmenter, {
    timeMs: deviceTime,
    lat: at.lat,
    lon: at.lon,
    speedKmh: step.speedKmh,
    status: transit.status,
    mileageKm: state.odometer.mileageKm,
    fuelL: step.fuelL,
    since: step.movingFrom ?? transit.transitFrom,
    disconnectedFrom: step.disconnectedFrom,
  });
  state.segmenter = pushed.state;
  const grouped = pushTransits(state.trips, pushed.closed, ctx.segmenter);
  state.trips = grouped.state;
  const open = state.segmenter.open;
  const prevLastMs = before && open && before.start === open.start ? before.last.timeMs : undefined;
  const parked = tripsAtParking(state.trips, open, prevLastMs, ctx.segmenter);
  step.transits = pushed.closed;
  step.trips = [...grouped.trips, ...parked];
  step.trip = tripNow(state.trips, open, deviceTime, ctx.segmenter);
  step.moved = true;
  if (pushed.parkedFrom !== undefined) step.parkedFrom = { fromMs: pushed.parkedFrom, toMs: deviceTime };
}
