import type { ShowFrame, Surface, SurfaceDescriptor, SurfaceEvent, SurfaceGeometry, SurfaceView, VisualFrame } from '../domain/index.js';
import { decodePadChange } from '../midi/input-decoding.js';
import type { MidiInput, MidiOutput } from '../midi/midi-port.js';
import type { DeviceProfile } from '../profiles/device-profile.js';
import { DEFAULT_GREETING, DEFAULT_GREETING_DELAY_SECONDS, greetingScroll, type GreetingScroll } from '../render/greeting-scroll.js';
import { PaletteGridRenderer } from '../render/palette-grid-renderer.js';
import { PressMap } from '../render/press-map.js';
import { ShownQuestion } from '../visual-protocol/index.js';

/** Waits between greeting frames; tests pass one that only records. */
export type Sleep = (seconds: number) => Promise<void>;

export interface MidiSurfaceOptions {
  readonly profile: DeviceProfile;
  /** Already open; the surface owns both ports from now on and closes them in close(). */
  readonly output: MidiOutput;
  readonly input: MidiInput;
  /** Default "HELLO FROM CODEX CLI"; null or "" disables the greeting. */
  readonly greeting?: string | null;
  readonly greetingDelaySeconds?: number;
  readonly sleep?: Sleep;
}

type HeldPaint = { readonly kind: 'view'; readonly view: SurfaceView; readonly frame?: VisualFrame } | { readonly kind: 'show'; readonly frame: ShowFrame };

const realSleep: Sleep = (seconds) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

/**
 * A MIDI controller driven through one profile (driver `midi.palette-grid`):
 * the renderer's bytes go to the output port, presses on the input port come
 * back as surface events. Construction sends nothing.
 *
 * The greeting does not block: initialize() sends the startup commands and the
 * forced clear, draws the first greeting frame and returns; the remaining frames
 * follow on timers (see greetingFinished()). A view or Show frame requested
 * meanwhile is held — only the latest — and drawn right after the closing
 * forced clear, so the device still sees startup → clear → every greeting frame
 * → clear → first render, while the daemon keeps serving its clients. An error
 * during the greeting is thrown by the next render call.
 */
export class MidiSurface implements Surface {
  /** How `status` names this controller. */
  readonly descriptor: SurfaceDescriptor;
  readonly geometry: SurfaceGeometry;
  /** Seconds the greeting scroll takes; 0 without one. Spoken audio is stretched to it. */
  readonly startupGreetingDuration: number;
  readonly #renderer: PaletteGridRenderer;
  readonly #output: MidiOutput;
  readonly #input: MidiInput;
  readonly #presses: PressMap;
  readonly #scroll: GreetingScroll | null;
  readonly #delay: number;
  readonly #sleep: Sleep;
  #closed = false;
  #greeting: Promise<void> | null = null;
  #greetingRunning = false;
  #held: HeldPaint | null = null;
  #greetingFailure: { readonly error: unknown } | null = null;
  /** The question whose options the canvas shows (the last view drawn), so a canvas press answers what the user saw. */
  readonly #question = new ShownQuestion();

  constructor(options: MidiSurfaceOptions) {
    const { profile, output, input } = options;
    this.#renderer = new PaletteGridRenderer(profile, (message) => output.send(message));
    this.#output = output;
    this.#input = input;
    this.#presses = new PressMap(profile);
    this.descriptor = { kind: 'midi', profile: profile.id, visualProtocol: profile.visual_protocol, input: input.name, output: output.name };
    this.geometry = { selectorCapacity: this.#renderer.selectorCapacity, accentNames: profile.lookup.accentNames };
    this.#delay = options.greetingDelaySeconds ?? DEFAULT_GREETING_DELAY_SECONDS;
    this.#sleep = options.sleep ?? realSleep;
    const text = options.greeting === undefined ? DEFAULT_GREETING : options.greeting;
    this.#scroll = greetingScroll(text, profile.capabilities.text_scroll);
    this.startupGreetingDuration = this.#scroll === null ? 0 : this.#scroll.frameCount * this.#delay;
  }

  initialize(): void {
    this.#renderer.startup();
    if (this.#scroll !== null) this.#greeting = this.#playGreeting(this.#scroll);
  }

  /** Settles when the greeting started by initialize() is over (at once when there is none). Never rejects. */
  greetingFinished(): Promise<void> {
    return this.#greeting ?? Promise.resolve();
  }

  render(view: SurfaceView, frame?: VisualFrame): void {
    this.#throwGreetingFailure();
    this.#question.show(view);
    if (this.#greetingRunning) this.#held = { kind: 'view', view, ...(frame === undefined ? {} : { frame }) };
    else this.#renderer.render(view, frame);
  }

  renderShowFrame(frame: ShowFrame): void {
    this.#throwGreetingFailure();
    this.#question.clear();
    if (this.#greetingRunning) this.#held = { kind: 'show', frame };
    else this.#renderer.renderShowFrame(frame);
  }

  /** Ends Show mode and darkens every light (midi-rendering.md §6). */
  clear(force = false): void {
    this.#renderer.clear(force);
  }

  /** Every message the device sends may be a press: the daemon reads it at once (pollEvents decodes it). */
  onInput(wake: () => void): void {
    this.#input.onMessage(() => wake());
  }

  pollEvents(): SurfaceEvent[] {
    const events: SurfaceEvent[] = [];
    for (const message of this.#input.drain()) {
      const change = decodePadChange(message);
      if (change === null) continue;
      if (!change.down) {
        // Only an action pad's release means something: the end of a hold (hold to approve).
        const release = this.#presses.releaseFor(change.address);
        if (release !== undefined) events.push(release);
        continue;
      }
      const event = this.#presses.eventFor(change.address);
      if (event === undefined) continue;
      if (event.type !== 'canvas_pressed') events.push(event);
      else {
        const option = this.#question.pressAtCell(event.x, event.y);
        if (option !== null) events.push(option);
      }
    }
    return events;
  }

  /**
   * Forced clear, shutdown commands, then both ports; each step runs even if an
   * earlier one failed. QUIRK choice: the reference skips the output port when
   * closing the input throws and reports the last error; here both ports are
   * always closed and the first error is thrown.
   */
  close(): void {
    if (this.#closed) return;
    this.#closed = true; // first, so a running greeting stops at its next frame
    const errors: unknown[] = [];
    const attempt = (step: () => void) => {
      try {
        step();
      } catch (error) {
        errors.push(error);
      }
    };
    attempt(() => this.#renderer.clear(true));
    attempt(() => this.#renderer.shutdown());
    attempt(() => this.#input.close());
    attempt(() => this.#output.close());
    if (errors.length > 0) throw errors[0];
  }

  async #playGreeting(scroll: GreetingScroll): Promise<void> {
    this.#greetingRunning = true;
    try {
      for (let offset = 0; offset < scroll.frameCount; offset += 1) {
        if (this.#closed) return;
        this.#renderer.renderGreetingFrame(scroll, offset);
        await this.#sleep(this.#delay);
      }
      if (this.#closed) return;
      this.#renderer.clear(true);
      this.#greetingRunning = false;
      this.#drawHeld();
    } catch (error) {
      this.#greetingFailure = { error };
    } finally {
      this.#greetingRunning = false;
      this.#held = null;
    }
  }

  #drawHeld(): void {
    const held = this.#held;
    this.#held = null;
    if (held?.kind === 'view') this.#renderer.render(held.view, held.frame);
    else if (held?.kind === 'show') this.#renderer.renderShowFrame(held.frame);
  }

  #throwGreetingFailure(): void {
    const failure = this.#greetingFailure;
    if (failure === null) return;
    this.#greetingFailure = null;
    throw failure.error;
  }
}
