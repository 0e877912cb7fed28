import type { ReportExportRequest } from '@jejak/contract';
import { useState } from 'react';
import type { DownloadProgress } from '../../api/download.ts';
import { downloadDetailReport, downloadReport } from '../../api/history/reports.ts';
import { useStrings } from '../../i18n/strings.ts';
import { showToast } from '../../ui/feedback/notifier.ts';

type ExportRequest = ReportExportRequest & { timeZone: string };

/**
 * Vehicle Report's Export: one vehicle's detail report as .xlsx streams from /report/detail/export
 * with a progress bar (a month of device logs is large); every other report, and every CSV, comes
 * from /report/export.
 */
export function useReportExport() {
  const s = useStrings().reports;
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<DownloadProgress | null>(null);

  const run = (request: ExportRequest) => {
    const [vid] = request.vids;
    // One vehicle's .xlsx detail streams with progress; its CSV comes whole from /report/export.
    const streamed =
      request.kind === 'detail' && request.format !== 'csv' && request.vids.length === 1 && vid !== undefined;
    setBusy(true);
    if (streamed) setProgress({ rows: null, bytes: 0 });
    const done = streamed
      ? downloadDetailReport(
          { vid, startTime: request.startTime, endTime: request.endTime, timeZone: request.timeZone },
          setProgress,
        )
      : downloadReport(request);
    done
      .catch((error: unknown) =>
        showToast('error', s.exportError(error instanceof Error ? error.message : String(error))),
      )
      .finally(() => {
        setBusy(false);
        setProgress(null);
      });
  };
  return { busy, progress, run };
}
