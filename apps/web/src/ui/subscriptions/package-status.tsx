import { TIME_STATUS_COLOURS, type PackageStatus, type TimeStatus } from '@jejak/domain';
import { SolidTag, type SolidTagColour } from '../SolidTag.tsx';

/** Tag colours of package statuses: the time statuses blue / green / grey (spec 3 §4). */
const TAG_COLOURS: Record<PackageStatus, SolidTagColour | null> = {
  PENDING: 'blue',
  ACTIVE: 'green',
  EXPIRED: null,
  SUSPENDED: 'orange',
  TERMINATED: 'red',
};

/** Text colours of the subscription forms' Status line. */
const TEXT_COLOURS: Record<(typeof TIME_STATUS_COLOURS)[TimeStatus], string> = {
  blue: '#1668dc',
  green: '#389e0d',
  grey: '#8c8c8c',
};

/** A status as a coloured tag; with `count`, the status summary's "STATUS: n". */
export function PackageStatusTag({ status, count }: { status: PackageStatus; count?: number }) {
  return (
    <SolidTag colour={TAG_COLOURS[status]} testId={count === undefined ? 'package-status' : `summary-${status}`}>
      {count === undefined ? status : `${status}: ${count}`}
    </SolidTag>
  );
}

/** The Status of the Add, Edit and Renew forms: derived from time, as coloured text. */
export function TimeStatusText({ status }: { status: TimeStatus }) {
  const colour = TIME_STATUS_COLOURS[status];
  return (
    <span
      className="time-status"
      style={{ color: TEXT_COLOURS[colour] }}
      data-testid="time-status"
      data-colour={colour}
    >
      {status}
    </span>
  );
}
