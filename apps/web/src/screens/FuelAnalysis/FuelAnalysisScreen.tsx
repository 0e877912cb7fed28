import { DEFAULT_FUEL_PRICE_RM, FUEL_ANALYSIS_TEXTS, type FuelAnalysisResponse } from '@jejak/contract';
import { useMutation } from '@tanstack/react-query';
import { Button, Card, InputNumber, Select, Spin, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { fetchFuelAnalysis } from '../../api/history/fuel.ts';
import { useStrings } from '../../i18n/strings.ts';
import { todayWindow } from '../../ui/alerts/today-window.ts';
import { useFleetVehicles, vehicleLabel } from '../../ui/alerts/use-fleet-vehicles.ts';
import { DateTimeField } from '../../ui/forms/DateTimeField.tsx';
import { showToast } from '../../ui/feedback/notifier.ts';
import { PlaceModal, type Place } from './PlaceModal.tsx';
import { TankPanel } from './TankPanel.tsx';
import './fuel-analysis.css';

/** The chart (and uPlot) load only when a result is shown: the main bundle does not grow. */
const FuelChart = lazy(() => import('./FuelChart.tsx'));

interface Query {
  vid: string;
  startMs: number;
  endMs: number;
}

/**
 * /FuelAnalysis (spec 3 §2, §5, §8, §9): a vehicle, a window (today by default) and a fuel price;
 * per tank its settings, a chart of speed and fuel, and the summary, refuels and loss tables.
 */
export function FuelAnalysisScreen() {
  const s = useStrings().fuel;
  const fleet = useFleetVehicles();
  const [vid, setVid] = useState<string | undefined>();
  const [startMs, setStartMs] = useState<number | null>(() => todayWindow(Date.now()).startMs);
  const [endMs, setEndMs] = useState<number | null>(() => todayWindow(Date.now()).endMs);
  const [price, setPrice] = useState<number>(DEFAULT_FUEL_PRICE_RM);
  const [place, setPlace] = useState<Place | null>(null);
  const lookup = useMutation<{ query: Query; answer: FuelAnalysisResponse }, Error, Query>({
    mutationFn: async (query) => ({
      query,
      answer: await fetchFuelAnalysis({
        vid: query.vid,
        startTime: query.startMs,
        endTime: query.endMs,
        isReturnDeviceLog: true,
      }),
    }),
    onError: (e) => showToast('error', e instanceof ApiError && e.message ? e.message : FUEL_ANALYSIS_TEXTS.error),
  });

  const submit = () => {
    if (!vid || startMs === null || endMs === null) {
      showToast('error', FUEL_ANALYSIS_TEXTS.fillAllFields);
      return;
    }
    lookup.mutate({ vid, startMs, endMs });
  };
  const result = lookup.data;
  const vehicle = result ? fleet.byVid.get(result.query.vid) : undefined;

  return (
    <div className="screen-padded">
      <Card title={<Typography.Title level={4}>{s.title}</Typography.Title>} data-testid="fuel-analysis">
        <div className="fuel-toolbar">
          <label className="fuel-field fuel-vehicle">
            <span>{s.vehicle}</span>
            <Select
              id="fuel-vehicle"
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={s.vehiclePlaceholder}
              loading={fleet.loading}
              value={vid}
              onChange={setVid}
              options={fleet.sorted.map((v) => ({ value: v.vid, label: vehicleLabel(v, v.vid) }))}
            />
          </label>
          <DateTimeField
            id="fuel-start"
            label={s.start}
            className="fuel-field"
            valueMs={startMs}
            onChange={setStartMs}
            clearable
          />
          <DateTimeField
            id="fuel-end"
            label={s.end}
            className="fuel-field"
            valueMs={endMs}
            onChange={setEndMs}
            clearable
          />
          <label className="fuel-field">
            <span>{s.price}</span>
            <InputNumber id="fuel-price" min={0} step={0.01} value={price} onChange={(v) => setPrice(v ?? 0)} />
          </label>
          <Button type="primary" loading={lookup.isPending} onClick={submit} data-testid="fuel-submit">
            {s.submit}
          </Button>
        </div>
        {result && result.answer.fuelRecords.length === 0 && (
          <Typography.Paragraph type="secondary">{s.noSensor}</Typography.Paragraph>
        )}
        {result?.answer.fuelRecords.map((record) => (
          <TankPanel
            key={record.tank}
            record={record}
            tank={vehicle?.fuelProfile[record.tank]}
            priceRm={price}
            onPlace={setPlace}
            chart={
              <Suspense fallback={<Spin />}>
                <FuelChart logs={record.deviceLogs ?? []} startMs={result.query.startMs} />
              </Suspense>
            }
          />
        ))}
      </Card>
      <PlaceModal place={place} onClose={() => setPlace(null)} />
    </div>
  );
}
