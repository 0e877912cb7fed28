/** Tables paginate only above 10 rows (spec 1 §9); `pageSize` 10 unless a screen says otherwise. */
export function tablePagination(rows: number, pageSize = 10): false | { pageSize: number; showSizeChanger: false } {
  return rows > pageSize ? { pageSize, showSizeChanger: false } : false;
}

/** Case-insensitive "contains", the console's search everywhere (DESIGN §7). */
export function containsText(haystack: string, needle: string): boolean {
  return haystack.toLowerCase().includes(needle.trim().toLowerCase());
}
