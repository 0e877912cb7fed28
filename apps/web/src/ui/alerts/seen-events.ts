/**
 * The evids already shown, so each event pops up once even when it arrives twice (two
 * notifications matching it, a resent message). Bounded: the oldest are forgotten first.
 */
export class SeenEvents {
  private readonly seen = new Set<string>();

  constructor(private readonly capacity = 1000) {}

  /** True the first time an evid is offered, false afterwards. */
  firstSighting(evid: string): boolean {
    if (this.seen.has(evid)) return false;
    this.seen.add(evid);
    if (this.seen.size > this.capacity) {
      const oldest = this.seen.values().next();
      if (!oldest.done) this.seen.delete(oldest.value);
    }
    return true;
  }
}
