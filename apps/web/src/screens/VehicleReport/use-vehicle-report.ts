import { REPORT_TEXTS, type AnyReportRows } from '@jejak/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText } from '../../api/error-text.ts';
import { fetchReportRows, type ReportQuery } from '../../api/history/reports.ts';
import { showToast } from '../../ui/feedback/notifier.ts';

/**
 * Vehicle Report's lookup (spec 3 §8): 'Get report done' when the table has rows, 'No reports
 * found!' when it has none, 'Get report error {message}' when a call fails.
 */
export function useVehicleReport(shownRows: (report: AnyReportRows) => number) {
  const [result, setResult] = useState<AnyReportRows | null>(null);
  const lookup = useMutation({
    mutationFn: fetchReportRows,
    onSuccess: (report) => {
      setResult(report);
      if (shownRows(report) > 0) showToast('success', REPORT_TEXTS.done);
      else showToast('info', REPORT_TEXTS.empty);
    },
    onError: (error) => {
      setResult(null);
      showToast('error', REPORT_TEXTS.error(errorText(error)));
    },
  });
  return { result, loading: lookup.isPending, submit: (query: ReportQuery) => lookup.mutate(query) };
}
