import { CheckOutlined } from '@ant-design/icons';
import type { MaintenanceRow } from '@jejak/contract';
import type { MaintenanceState } from '@jejak/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Form,
  Input,
  InputNumber,
  Modal,
  Segmented,
  Table,
  Tag,
  Typography,
  Button,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { maintenanceKeys, markServiceDone, useMaintenance } from '../../../api/fleet/maintenance.ts';
import { errorText } from '../../../api/error-text.ts';
import { useStrings } from '../../../i18n/strings.ts';
import { showToast } from '../../../ui/feedback/notifier.ts';
import { formatDay } from '../management-format.ts';
import { tablePagination } from '../../../ui/table/table.ts';

const STATE_COLOURS: Record<MaintenanceState, string> = { OVERDUE: 'red', DUE_SOON: 'orange', OK: 'green' };

interface DoneValues {
  km: number | null;
  hours: number | null;
  days: number | null;
  note?: string;
}

/** Records a service as done: the next due from now by the interval (the last one's offered again). */
function DoneDialog({ row, onClose }: { row: MaintenanceRow; onClose: () => void }) {
  const s = useStrings().management.maintenance;
  const [form] = Form.useForm<DoneValues>();
  const queryClient = useQueryClient();
  const done = useMutation({
    mutationFn: (v: DoneValues) =>
      markServiceDone({
        vid: row.vid,
        item: row.item,
        interval: { km: v.km ?? null, hours: row.item === 'engine' ? (v.hours ?? null) : null, days: v.days ?? null },
        ...(v.note ? { note: v.note } : {}),
      }),
    onSuccess: (message) => {
      showToast('success', message);
      void queryClient.invalidateQueries({ queryKey: maintenanceKeys.all });
      onClose();
    },
    onError: (err) => showToast('error', errorText(err)),
  });
  const initial: DoneValues = {
    km: row.interval?.km ?? null,
    hours: row.interval?.hours ?? null,
    days: row.interval?.days ?? null,
  };
  return (
    <Modal
      open
      title={s.doneTitle(s.items[row.item], row.vehiclePlate)}
      okText={s.save}
      cancelText={s.cancel}
      confirmLoading={done.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'maintenance-save' }}
    >
      <Typography.Paragraph type="secondary">{s.doneHelp}</Typography.Paragraph>
      <Form<DoneValues> form={form} layout="vertical" initialValues={initial} onFinish={(v) => done.mutate(v)}>
        <Form.Item name="km" label={s.nextKm}>
          <InputNumber min={1} max={1_000_000} precision={0} style={{ width: '100%' }} data-testid="maintenance-km" />
        </Form.Item>
        {row.item === 'engine' && (
          <Form.Item name="hours" label={s.nextHours}>
            <InputNumber min={1} max={100_000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        )}
        <Form.Item name="days" label={s.nextDays}>
          <InputNumber min={1} max={3650} precision={0} style={{ width: '100%' }} data-testid="maintenance-days" />
        </Form.Item>
        <Form.Item name="note" label={s.note}>
          <Input.TextArea maxLength={500} rows={2} placeholder={s.notePlaceholder} data-testid="maintenance-note" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * Management's Maintenance tab (issue 28 item 8, ADR 0092): every tracked service of the vehicles
 * the user reaches, overdue first, with what is left by odometer, engine hours and date, and
 * "Done" for those who manage vehicles.
 */
export function MaintenanceTab({ mayMarkDone }: { mayMarkDone: boolean }) {
  const s = useStrings().management.maintenance;
  const items = useMaintenance();
  const [filter, setFilter] = useState<MaintenanceState | 'ALL'>('ALL');
  const [doing, setDoing] = useState<MaintenanceRow | null>(null);
  const rows = (items.data ?? []).filter((r) => filter === 'ALL' || r.state === filter);
  const dueText = (r: MaintenanceRow) =>
    [
      r.dueKm === null ? null : s.km(r.dueKm),
      r.dueHours === null ? null : s.hours(r.dueHours),
      r.dueDate === null ? null : formatDay(r.dueDate),
    ]
      .filter(Boolean)
      .join(' · ');
  const leftText = (r: MaintenanceRow) =>
    [
      r.leftKm === null ? null : s.km(Math.round(r.leftKm)),
      r.leftHours === null ? null : s.hours(Math.round(r.leftHours)),
      r.leftDays === null ? null : s.days(r.leftDays),
    ]
      .filter(Boolean)
      .join(' · ');
  const columns: TableColumnsType<MaintenanceRow> = [
    {
      key: 'vehicle',
      title: s.vehicle,
      render: (_, r) => (
        <span>
          <Typography.Text strong>{r.vehiclePlate}</Typography.Text> {r.vehicleDisplayName}
        </span>
      ),
    },
    { key: 'item', title: s.item, render: (_, r) => s.items[r.item] },
    {
      key: 'state',
      title: s.state,
      render: (_, r) => (
        <Tag color={STATE_COLOURS[r.state]} data-testid="maintenance-state">
          {s.states[r.state]}
        </Tag>
      ),
    },
    { key: 'due', title: s.due, render: (_, r) => dueText(r) },
    { key: 'left', title: s.left, render: (_, r) => leftText(r) },
    {
      key: 'last',
      title: s.lastDone,
      render: (_, r) => (r.lastDoneAt === null ? s.never : `${formatDay(r.lastDoneAt)} · ${r.lastDoneBy ?? ''}`),
    },
    ...(mayMarkDone
      ? [
          {
            key: 'done',
            title: '',
            render: (_: unknown, r: MaintenanceRow) => (
              <Button size="small" icon={<CheckOutlined />} onClick={() => setDoing(r)} data-testid="maintenance-done">
                {s.done}
              </Button>
            ),
          },
        ]
      : []),
  ];
  return (
    <div data-testid="maintenance-tab">
      <Typography.Paragraph type="secondary">{s.intro}</Typography.Paragraph>
      <Segmented
        value={filter}
        onChange={(v) => setFilter(v as MaintenanceState | 'ALL')}
        options={[
          { value: 'ALL', label: s.all },
          { value: 'OVERDUE', label: s.states.OVERDUE },
          { value: 'DUE_SOON', label: s.states.DUE_SOON },
          { value: 'OK', label: s.states.OK },
        ]}
        style={{ marginBottom: 12 }}
      />
      <Table<MaintenanceRow>
        data-testid="maintenance-table"
        rowKey={(r) => `${r.vid}/${r.item}`}
        size="small"
        loading={items.isPending}
        columns={columns}
        dataSource={rows}
        locale={{ emptyText: s.empty }}
        pagination={tablePagination(rows.length)}
        scroll={{ x: 'max-content' }}
      />
      {doing && <DoneDialog row={doing} onClose={() => setDoing(null)} />}
    </div>
  );
}
