/** Tables paginate only above 10 rows (spec 1 §9); `pageSize` 10 unless a screen says otherwise. */
export function tablePagination(rows: number, pageSize = 10): false | { pageSize: number; showSizeChanger: false } {
  return rows > pageSize ? { pageSize, showSizeChanger: false } : false;
}

/** Case-insensitive "contains", the console's search everywhere (DESIGN §7). */
export function containsText(haystack: string, needle: string): boolean {
  return haystack.toLowerCase().includes(needle.trim().toLowerCase());
}

interface MaybePinned {
  fixed?: unknown;
  children?: readonly MaybePinned[];
}

/**
 * The columns without their pins (`fixed`), groups included: on a phone a pinned plate and a
 * pinned action column leave no room for the columns between them, so the table scrolls whole.
 */
export function unpinColumns<C extends MaybePinned>(columns: readonly C[]): C[] {
  return columns.map((column) => {
    const rest = { ...column };
    delete rest.fixed;
    return column.children ? { ...rest, children: unpinColumns(column.children) } : rest;
  });
}
