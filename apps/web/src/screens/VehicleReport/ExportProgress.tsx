import { Modal, Progress, Typography } from 'antd';
import type { DownloadProgress } from '../../api/download.ts';
import { useStrings } from '../../i18n/strings.ts';

/*
 * The file's size is not known before its end (the server streams it), so the bar estimates it
 * from the announced rows: a detail row of the .xlsx takes about this many compressed bytes.
 */
const BYTES_PER_ROW = 70;

/** How far the streamed detail export is (issue 13 item 7): rows announced, bytes received. */
export function ExportProgress({ progress }: { progress: DownloadProgress | null }) {
  const s = useStrings().reports;
  const expected = progress?.rows ? progress.rows * BYTES_PER_ROW : null;
  const percent = progress && expected ? Math.min(99, Math.floor((progress.bytes / expected) * 100)) : 0;
  return (
    <Modal open={progress !== null} title={s.exportTitle} footer={null} closable={false} mask={{ closable: false }}>
      <div data-testid="report-export-progress">
        <Progress percent={percent} status="active" />
        <Typography.Text type="secondary">
          {progress ? `${s.exportRows(progress.rows)} · ${s.exportBytes(progress.bytes)}` : ''}
        </Typography.Text>
      </div>
    </Modal>
  );
}
