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
  // Without ignition a trip is decided by displacement, not duration (ADR 0036, addendum); the
  // fix says, as it does for the filter and the transit status.
  const cfg = step.ignition === null ? { ...ctx.segmenter, noIgnition: true } : ctx.segmenter;
  const grouped = pushTransits(state.trips, pushed.closed, cfg);
  state.trips = grouped.state;
  const open = state.segmenter.open;
  const prevLastMs = before && open && before.start === open.start ? before.last.timeMs : undefined;
  const parked = tripsAtParking(state.trips, open, prevLastMs, cfg);
  step.transits = pushed.closed;
  step.trips = [...grouped.trips, ...parked];
  step.trip = tripNow(state.trips, open, deviceTime, cfg);
  step.moved = true;
  if (pushed.parkedFrom !== undefined) step.parkedFrom = { fromMs: pushed.parkedFrom, toMs: deviceTime };
}
