import { describe, expect, it } from 'vitest';
import { containsText, tablePagination, unpinColumns } from './table.ts';

describe('tables', () => {
  it('paginate only above the page size', () => {
    expect(tablePagination(10)).toBe(false);
    expect(tablePagination(11)).toEqual({ pageSize: 10, showSizeChanger: false });
    expect(tablePagination(26, 25)).toEqual({ pageSize: 25, showSizeChanger: false });
  });

  it('search case-insensitively with a contains match', () => {
    expect(containsText('Jejak Admin', 'ADMIN')).toBe(true);
    expect(containsText('owner@demo.jejak.my', ' demo.J ')).toBe(true);
    expect(containsText('Fleet Owner', 'operator')).toBe(false);
  });

  it('unpin every column, grouped ones too, and keep the rest of each', () => {
    const columns = [
      { key: 'plate', fixed: 'left' },
      { key: 'service', children: [{ key: 'due', fixed: 'right' }, { key: 'km' }] },
      { key: 'action', fixed: 'right', title: 'Action' },
    ];
    expect(unpinColumns(columns)).toEqual([
      { key: 'plate' },
      { key: 'service', children: [{ key: 'due' }, { key: 'km' }] },
      { key: 'action', title: 'Action' },
    ]);
    expect(columns[0]).toEqual({ key: 'plate', fixed: 'left' });
  });
});
