/**
 * Whether the SSH link can be trusted right now, judged from the remote
 * script's heartbeat: the link is live while it is up and the last sign of
 * life is younger than `deadAfterMs`. Pure; time comes from `now`
 * (monotonic milliseconds).
 */
export class LinkWatch {
  #up = false;
  #lastBeat = 0;

  constructor(
    readonly deadAfterMs: number,
    private readonly now: () => number,
  ) {}

  /** The link came up (READY) or said it is alive. */
  beat(): void {
    this.#up = true;
    this.#lastBeat = this.now();
  }

  /** The link is gone (ssh ended); nothing counts as live until the next beat. */
  down(): void {
    this.#up = false;
  }

  get up(): boolean {
    return this.#up;
  }

  /** Milliseconds since the last sign of life. */
  silentMs(): number {
    return this.now() - this.#lastBeat;
  }

  /** Up, and heard from recently enough that what we send now reaches the other side promptly. */
  get live(): boolean {
    return this.#up && this.silentMs() < this.deadAfterMs;
  }
}
