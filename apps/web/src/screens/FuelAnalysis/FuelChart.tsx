import type { FuelChartLog } from '@jejak/contract';
import { TRANSIT_STATUSES } from '@jejak/domain';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useStrings } from '../../i18n/strings.ts';
import { chartColumns } from './fuel-tables.ts';
import { formatHoursMinutes } from '../../ui/format.ts';

/** The fuel line's colour in each transit status (the live map's status colours). */
const STATUS_COLOURS = { MOVING: '#52c41a', IDLING: '#faad14', PARKING: '#1677ff', DISCONNECTED: '#8c8c8c' };

interface FuelChartProps {
  logs: readonly FuelChartLog[];
  startMs: number;
}

/**
 * Speed and fuel against hours since the start (spec 3 §2, §9): the fuel line coloured by the
 * vehicle's transit status, the engine drawn as 50 (on) or 0 (off). Loaded lazily with uPlot.
 */
export default function FuelChart({ logs, startMs }: FuelChartProps) {
  const s = useStrings().fuel;
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const series: uPlot.Series[] = [
      { label: s.hours, value: (_, v) => (v === null ? '-' : formatHoursMinutes(v)) },
      { label: s.speed, stroke: '#722ed1', width: 1 },
      ...TRANSIT_STATUSES.map((status) => ({ label: s.fuel(status), stroke: STATUS_COLOURS[status], width: 2 })),
      { label: s.engine, stroke: '#f5222d', width: 1, paths: uPlot.paths.stepped?.({ align: 1 }) },
    ];
    const plot = new uPlot(
      {
        width: Math.max(280, el.clientWidth),
        height: 320,
        scales: { x: { time: false } },
        // Hours since the start as h:mm, not decimal hours.
        axes: [{ label: s.hours, values: (_, splits) => splits.map(formatHoursMinutes) }, { label: `${s.speed} / L` }],
        series,
      },
      chartColumns(logs, startMs) as uPlot.AlignedData,
      el,
    );
    el.dataset.series = String(series.length - 1);
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(280, el.clientWidth), height: 320 }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [logs, startMs, s]);

  return <div ref={ref} className="fuel-chart" data-testid="fuel-chart" />;
}
