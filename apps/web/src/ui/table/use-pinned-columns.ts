import { Grid } from 'antd';
import type { Breakpoint } from 'antd';
import { useMemo } from 'react';
import { unpinColumns } from './table.ts';

/**
 * Pinned columns from the `from` breakpoint up (antd's `md`, 768 px, by default); on narrower
 * screens the table scrolls whole, so pinned columns never cover the ones between them. A table
 * that shares its row with a side panel pins from a wider breakpoint.
 */
export function usePinnedColumns<C extends { fixed?: unknown }>(columns: C[], from: Breakpoint = 'md'): C[] {
  const narrow = Grid.useBreakpoint()[from] === false;
  return useMemo(() => (narrow ? unpinColumns(columns) : columns), [narrow, columns]);
}
