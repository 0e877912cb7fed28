import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import type { BulkKind as ContractBulkKind } from '@jejak/contract';
import { Alert, Button, Modal, Progress, Space, Spin, Typography, Upload } from 'antd';
import { useMemo, useState } from 'react';
import { useRoleText, useSpecText, useStrings } from '../../i18n/strings.ts';
import { useSessionUser } from '../../store/session.ts';
import { showToast } from '../feedback/notifier.ts';
import { checkSheet } from './bulk-check.ts';
import { BulkRowsTable } from './BulkRowsTable.tsx';
import { downloadTemplate } from './download-template.ts';
import { GeofenceFileHelp } from './GeofenceFileHelp.tsx';
import { GeofencePreview } from './GeofencePreview.tsx';
import './bulk-geofence.css';
import { readSheetFile, type ReadOutcome } from './read-file.ts';
import { useBulkContext } from './use-bulk-context.ts';
import { useBulkUpload } from './use-bulk-upload.ts';

/** What the dialog uploads: devices (Bulk Add Device), vehicles (Bulk Create Vehicles) or geofences. */
export type BulkKind = ContractBulkKind;

export interface BulkUploadDialogProps {
  kind: BulkKind;
  open: boolean;
  /** The user the rows are registered for (the page's signed-in user). */
  uid: string;
  onClose: () => void;
  /** Called after an upload, so the tab reloads its rows. */
  onUploaded: () => void;
}

/** The bulk upload dialog of spec 2 §2, §4 and §5 (and spec 1 §9's geofences); its state starts afresh each time it opens. */
export function BulkUploadDialog(props: BulkUploadDialogProps) {
  return props.open ? <OpenDialog {...props} /> : null;
}

function OpenDialog({ kind, uid, onClose, onUploaded }: BulkUploadDialogProps) {
  const strings = useStrings();
  const s = strings.bulk;
  const gi = strings.geofenceImport;
  const isGeofence = kind === 'geofence';
  const spec = useSpecText();
  const roleName = useRoleText();
  const me = useSessionUser();
  const { ctx, refresh } = useBulkContext(kind, uid);
  const [file, setFile] = useState<{ name: string; outcome: ReadOutcome | null } | null>(null);
  const checked = useMemo(
    () => (ctx && file?.outcome ? checkSheet(kind, ctx, file.outcome, s, gi) : null),
    [ctx, file, kind, s, gi],
  );
  const { state, start, reset } = useBulkUpload(kind);

  const choose = (chosen: File) => {
    reset();
    setFile({ name: chosen.name, outcome: null });
    // The rows are checked against the user's things as they are now, not as first loaded.
    void Promise.all([readSheetFile(chosen, kind), refresh()]).then(([outcome]) =>
      setFile({ name: chosen.name, outcome }),
    );
  };

  const rows = state.rows ?? (checked?.ok ? checked.rows : null);
  const failed = rows?.filter((r) => r.status === 'FAILED').length ?? 0;
  const ready = rows?.filter((r) => r.status === 'READY').length ?? 0;
  const canUpload = checked?.ok === true && !state.rows && failed === 0 && ready > 0;
  const upload = () => {
    if (checked?.ok && ctx) void start(checked.rows, ctx, onUploaded);
  };

  const footer = state.finished
    ? [
        <Button key="done" type="primary" onClick={onClose} data-testid="bulk-done">
          {s.done}
        </Button>,
      ]
    : [
        <Button key="cancel" onClick={onClose} data-testid="bulk-cancel">
          {s.cancel}
        </Button>,
        <Button
          key="upload"
          type="primary"
          icon={<UploadOutlined />}
          disabled={!canUpload}
          loading={state.running}
          onClick={upload}
          data-testid="bulk-upload"
        >
          {s.upload}
        </Button>,
      ];

  return (
    <Modal open title={s.title[kind]} width={1200} onCancel={onClose} mask={{ closable: false }} footer={footer}>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="bulk-dialog" data-kind={kind}>
        <Space wrap>
          <Button
            icon={<DownloadOutlined />}
            data-testid="bulk-template"
            onClick={() => void downloadTemplate(kind).then((ok) => ok || showToast('error', s.templateFailed))}
          >
            {s.downloadTemplate}
          </Button>
          <Upload
            accept={isGeofence ? '.xlsx,.kml,.geojson,.json,.csv' : '.xlsx'}
            showUploadList={false}
            disabled={state.running}
            beforeUpload={(chosen) => {
              choose(chosen);
              return false;
            }}
          >
            <Button type="primary" ghost icon={<UploadOutlined />} disabled={state.running} data-testid="bulk-choose">
              {isGeofence ? gi.chooseFile : s.chooseFile}
            </Button>
          </Upload>
        </Space>
        <Typography.Text data-testid="bulk-target">
          {s.target(`${me.userName} (${roleName(me.userRole)})`)}
        </Typography.Text>
        <Typography.Text type="secondary">{isGeofence ? gi.hint : s.hint}</Typography.Text>
        {isGeofence && <GeofenceFileHelp />}
        {file && !file.outcome && <Waiting text={s.reading(file.name)} />}
        {file?.outcome && !ctx && <Waiting text={s.loadingChecks[kind]} />}
        {checked && !checked.ok && (
          <Alert type="error" showIcon title={spec(checked.message)} data-testid="bulk-file-error" />
        )}
        {file && rows && !state.rows && (
          <Typography.Text data-testid="bulk-summary">
            {s.summary(file.name, rows.length, ready, failed)}
          </Typography.Text>
        )}
        {!state.rows && failed > 0 && <Alert type="warning" showIcon title={s.failedBlock} />}
        {state.rows && (
          <div data-testid="bulk-progress" data-done={state.done} data-total={state.total}>
            <Progress percent={state.total ? Math.floor((state.done / state.total) * 100) : 100} />
            <Typography.Text>
              {state.finished
                ? s.finished(
                    state.rows.filter((r) => r.status === 'SUCCESS' || r.status === 'WARNING').length,
                    state.rows.filter((r) => r.status === 'FAILED').length,
                  )
                : s.progress(state.done, state.total)}
            </Typography.Text>
          </div>
        )}
        {checked?.ok && rows && <BulkRowsTable columns={checked.columns} rows={rows} />}
        {isGeofence && checked?.ok && rows && rows.length > 0 && <GeofencePreview rows={rows} uid={uid} />}
      </Space>
    </Modal>
  );
}

function Waiting({ text }: { text: string }) {
  return (
    <Space data-testid="bulk-waiting">
      <Spin size="small" />
      <Typography.Text>{text}</Typography.Text>
    </Space>
  );
}
