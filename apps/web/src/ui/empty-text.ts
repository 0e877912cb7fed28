/**
 * What an empty list says: when rows exist but the search or filters hide them all, that they
 * do ('Nothing matches…'); else the list's own next step ('No vehicles yet. Add one…').
 */
export function emptyListText(total: number, texts: { none: string; noMatch: string }): string {
  return total > 0 ? texts.noMatch : texts.none;
}
