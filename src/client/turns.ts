/**
 * At most `limit` turns out at once; a taker waits, in the order asked, for one to come back.
 * `createLimiter` holds a slot for as long as one task runs; a turn is taken and given back by hand,
 * for a hold that no one task spans (a large body's, from its head until it is parsed).
 */
export class Turns {
  private out = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly limit: number) {}

  /** Settles once the caller holds a turn, which it gives back with `give`, once. */
  take(): Promise<void> {
    if (this.out < this.limit) {
      this.out++;
      return Promise.resolve();
    }
    return new Promise((granted) => this.waiting.push(granted));
  }

  /** Gives a turn back: it passes straight to the longest waiting taker, if there is one. */
  give(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.out--;
  }
}
