/** In-app event pop-ups over the live channel's notify messages (spec 1 §4 Real-time pop-ups) — built by issue 12 (stub until then). */
export function EventPopups() {
  return null;
}
