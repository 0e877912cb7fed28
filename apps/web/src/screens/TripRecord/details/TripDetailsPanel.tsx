import { ALERT_TEXTS, TRANSIT_TEXTS, durationFilterMs } from '@jejak/contract';
import { CloseOutlined, DownloadOutlined, FilePdfOutlined, NodeIndexOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { TRACK_FILE_FORMATS } from '@jejak/domain';
import { Alert, Button, Dropdown, Empty, Spin, Typography } from 'antd';
import { downloadRoute, downloadTransitPdf, downloadTransitRecords } from '../../../api/history/trips.ts';
import { useSpecText, useStrings } from '../../../i18n/strings.ts';
import { consoleTimeZone, formatDateTime } from '../../../ui/format.ts';
import { showToast } from '../../../ui/feedback/notifier.ts';
import type { RecordQuery } from '../../../ui/records/RecordQueryForm.tsx';
import type { TimeSpan } from '../path/path-chunks.ts';
import type { TripRouteState } from '../route-state.ts';
import { TripDetailsList } from './TripDetailsList.tsx';
import { TripFilters, type TripFilterState } from './TripFilters.tsx';
import { TripSummaryBar } from './TripSummaryBar.tsx';
import type { TripDetailsItem, TripSummary } from './trip-details.ts';
import type { TripRecordResult } from '../use-trip-record.ts';

interface TripDetailsPanelProps {
  query: RecordQuery | null;
  data: TripRecordResult | null;
  loading: boolean;
  items: readonly TripDetailsItem[];
  summary: TripSummary | null;
  filter: TripFilterState;
  onFilter: (next: TripFilterState) => void;
  route: TripRouteState;
  trip: TimeSpan | null;
  onPick: (item: TripDetailsItem) => void;
  onShowTrip: (trid: string) => void;
  onCloseTrip: () => void;
}

function Body(props: TripDetailsPanelProps) {
  const spec = useSpecText();
  if (props.loading) {
    return (
      <div className="trip-state" data-testid="trip-loading">
        <Spin />
        <Typography.Text type="secondary">{spec(ALERT_TEXTS.loadingEvents)}</Typography.Text>
      </div>
    );
  }
  if (props.data === null) {
    return (
      <div className="trip-state" data-testid="trip-idle">
        <Typography.Text type="secondary">{spec(ALERT_TEXTS.loadingData)}</Typography.Text>
      </div>
    );
  }
  if (props.items.length === 0) {
    return (
      <Empty
        data-testid="trip-empty"
        description={
          <>
            <Typography.Text strong>{spec(ALERT_TEXTS.emptyTitle)}</Typography.Text>
            <br />
            <Typography.Text type="secondary">{spec(ALERT_TEXTS.emptyText)}</Typography.Text>
          </>
        }
      />
    );
  }
  return (
    <TripDetailsList
      items={props.items}
      tsid={props.route.tsid}
      eventCreatedAt={props.route.eventCreatedAt}
      onPick={props.onPick}
      onShowTrip={props.onShowTrip}
    />
  );
}

/**
 * The 'Trip Details' side panel (spec 1 §2): the selected trip (with its close control), a summary,
 * the filters, export and PDF, then the transit records and events in time order.
 */
export function TripDetailsPanel(props: TripDetailsPanelProps) {
  const s = useStrings().trips;
  const { query, filter } = props;
  const transitShown = props.items.some((i) => i.kind === 'transit');

  const exporting = useMutation({
    mutationFn: downloadTransitRecords,
    onError: () => showToast('error', s.exportError),
  });
  const pdf = useMutation({
    mutationFn: downloadTransitPdf,
    onSuccess: () => showToast('success', TRANSIT_TEXTS.pdfDone),
    onError: () => showToast('error', TRANSIT_TEXTS.pdfError),
  });
  const route = useMutation({ mutationFn: downloadRoute, onError: () => showToast('error', s.exportError) });
  const window = query ? { vid: query.vid, startTime: query.startMs, endTime: query.endMs } : null;
  const statuses = filter.statuses.length > 0 ? [...filter.statuses] : undefined;

  return (
    <section className="trip-details" aria-label={s.details}>
      <div className="trip-details-head">
        <Typography.Title level={5} className="trip-details-title">
          {s.details}
        </Typography.Title>
        <span className="trip-details-actions">
          <Button
            size="small"
            icon={<DownloadOutlined />}
            disabled={!window || !transitShown}
            loading={exporting.isPending}
            data-testid="trip-export"
            onClick={() =>
              window &&
              exporting.mutate({
                ...window,
                status: [...filter.statuses],
                minDurationMs: durationFilterMs(filter.durationMin),
                timeZone: consoleTimeZone(),
              })
            }
          >
            {s.export}
          </Button>
          <Button
            size="small"
            icon={<FilePdfOutlined />}
            disabled={!window || !transitShown || statuses === undefined}
            loading={pdf.isPending}
            data-testid="trip-pdf"
            onClick={() => window && pdf.mutate({ ...window, status: statuses })}
          >
            {s.pdf}
          </Button>
          <Dropdown
            disabled={!window}
            trigger={['click']}
            menu={{
              items: TRACK_FILE_FORMATS.map((format) => ({
                key: format,
                label: s.routeFormats[format],
                'data-testid': `trip-route-${format}`,
              })),
              onClick: ({ key }) => {
                const format = TRACK_FILE_FORMATS.find((f) => f === key);
                if (window && format) route.mutate({ ...window, format, timeZone: consoleTimeZone() });
              },
            }}
          >
            <Button size="small" icon={<NodeIndexOutlined />} loading={route.isPending} data-testid="trip-route">
              {s.route}
            </Button>
          </Dropdown>
        </span>
      </div>
      {props.route.trid !== null && (
        <div className="trip-selected" data-testid="trip-selected">
          <span>
            <strong>{s.trip}</strong>{' '}
            {props.trip ? `${formatDateTime(props.trip.startTime)} – ${formatDateTime(props.trip.endTime)}` : ''}
          </span>
          <Button
            type="text"
            size="small"
            icon={<CloseOutlined />}
            aria-label={s.closeTrip}
            data-testid="trip-close"
            onClick={props.onCloseTrip}
          />
        </div>
      )}
      {props.summary && !props.loading && <TripSummaryBar summary={props.summary} />}
      <TripFilters value={filter} onChange={props.onFilter} />
      {props.data?.truncated && <Alert type="warning" showIcon title={s.truncated} />}
      <Body {...props} />
    </section>
  );
}
