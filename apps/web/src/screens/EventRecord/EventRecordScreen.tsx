/** /EventRecord (spec 1 §2 Event Record) — built by issue 12 (stub until then). */
export function EventRecordScreen() {
  return null;
}
