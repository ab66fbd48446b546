import { OFF_TOKEN, type ShowFrame, type SurfaceView, type VisualFrame } from '../domain/index.js';
import type { DeviceProfile } from '../profiles/device-profile.js';
import { compileVisualFrame, type StateCanvas } from '../visual-protocol/index.js';
import { ColorResolver } from './color-resolver.js';
import { RenderError } from './errors.js';
import type { GreetingScroll } from './greeting-scroll.js';
import { buildLightTable, GRID_SIZE, type LightTable } from './light-table.js';
import { LightWriter, type MessageSink } from './light-writer.js';
import { commandMessage } from '../midi/midi-encoding.js';
import { RgbShowEncoder } from './rgb-show.js';

export type { MessageSink } from './light-writer.js';

const GREETING_COLOR_TOKEN = 'state:success:primary';
const SHOW_LIGHTS = GRID_SIZE * GRID_SIZE + 16;
/** Where the rails' values start in the scratch list of a Show frame. */
const RAILS_OFFSET = GRID_SIZE * GRID_SIZE;

/**
 * The `midi.palette-grid` driver's output side for one device: semantic views,
 * Show frames, the greeting and the profile's command lists become MIDI bytes,
 * diffed against what this device was last sent (midi-rendering.md §4–§9).
 * Every operation is one frame: its light writes end with one flush, which
 * is where a profile with `palette_sysex` sends them as batched SysEx.
 *
 * QUIRK choice: the reference resolves tokens light by light while writing, so
 * an unknown token aborts a frame after part of it was sent. Here every frame
 * is resolved first and written only if all of it resolves: a bad frame sends
 * nothing and leaves the device, the cache and Show mode untouched.
 */
export class PaletteGridRenderer {
  readonly profile: DeviceProfile;
  readonly #send: MessageSink;
  readonly #lights: LightTable;
  readonly #colors: ColorResolver;
  readonly #off: number;
  /** The last-sent cache and the path of changed lights to the device. */
  readonly #writer: LightWriter;
  /** Resolved values of the frame being drawn, reused by every frame. */
  readonly #pending: Uint8Array;
  /**
   * Resolved values of each state canvas drawn so far. The compiler hands out a
   * few shared frozen canvases, so 56 of a frame's ~77 tokens resolve with one lookup.
   */
  readonly #canvasValues = new WeakMap<StateCanvas, Uint8Array>();
  readonly #rgb: RgbShowEncoder | null;
  readonly #startup: readonly Uint8Array[];
  readonly #clearCommands: readonly Uint8Array[];
  readonly #shutdown: readonly Uint8Array[];
  #showing = false;

  constructor(profile: DeviceProfile, send: MessageSink) {
    this.profile = profile;
    this.#send = send;
    this.#lights = buildLightTable(profile);
    this.#colors = new ColorResolver(profile);
    this.#off = this.#colors.resolve(OFF_TOKEN);
    this.#writer = new LightWriter(this.#lights, send, profile.capabilities.palette_sysex);
    this.#pending = new Uint8Array(Math.max(this.#lights.semanticOrder.length, SHOW_LIGHTS));
    const showRgb = profile.capabilities.show_rgb;
    this.#rgb = showRgb === undefined ? null : new RgbShowEncoder(profile, showRgb);
    this.#startup = profile.messages.startup.map(commandMessage);
    this.#clearCommands = profile.messages.clear.map(commandMessage);
    this.#shutdown = profile.messages.shutdown.map(commandMessage);
  }

  get selectorCapacity(): number {
    return this.#lights.selectors.length;
  }

  /** True after a Show frame, until the next semantic render or clear. */
  get showing(): boolean {
    return this.#showing;
  }

  /** Startup commands, then a forced clear (midi-rendering.md §5 steps 1–3; the greeting is the caller's). */
  startup(): void {
    this.#sendAll(this.#startup);
    this.#writer.forget();
    this.clear(true);
  }

  shutdown(): void {
    this.#sendAll(this.#shutdown);
  }

  /** Ends Show mode and darkens the surface: the profile's clear commands, or `off` to every light (§6). */
  clear(force = false): void {
    this.#showing = false;
    this.#rgb?.forget();
    if (this.#clearCommands.length > 0) {
      this.#sendAll(this.#clearCommands);
      this.#writer.forget();
      return;
    }
    for (const light of this.#lights.clearOrder) this.#writer.write(light, this.#off, force);
    this.#writer.flush();
  }

  /** Draws a semantic view, leaving Show mode first (§7); `frame` is the view already compiled (the hub compiles once for every surface). */
  render(view: SurfaceView, frame: VisualFrame = compileVisualFrame(view, this.#lights.selectors.length)): void {
    const pending = this.#pending;
    const colors = this.#colors;
    const canvas = this.#resolveCanvas(frame.state);
    pending.set(canvas);
    let at = canvas.length;
    for (const token of frame.selectors) pending[at++] = colors.resolve(token);
    for (const token of frame.statuses) pending[at++] = colors.resolve(token);
    for (const action of this.#lights.mappedActions) pending[at++] = colors.resolve(frame.actions[action]);
    if (this.#lights.overflow !== null) pending[at++] = colors.resolve(frame.overflow);
    if (this.#showing) this.#leaveShow();
    this.#writeAll(this.#lights.semanticOrder, pending);
    this.#writer.flush();
  }

  /** Draws a Show frame by RGB SysEx when the profile can, else by palette fallbacks (§9). */
  renderShowFrame(frame: ShowFrame): void {
    this.#checkShowShape(frame);
    if (this.#rgb !== null) {
      // The palette cache is wiped so that the return to semantic mode repaints everything.
      // Rails the SysEx does not drive take their palette fallbacks, resolved before anything is sent.
      const paletteRails = !this.#rgb.coversRails;
      if (paletteRails) this.#resolveRails(frame);
      if (!this.#showing) this.#writer.forget();
      this.#rgb.render(frame, this.#send);
      if (paletteRails) this.#writeRails();
    } else {
      this.#renderShowByPalette(frame);
    }
    this.#writer.flush();
    this.#showing = true;
  }

  /** One greeting frame on the whole 8x8 grid: row 0 dark, rows 1–7 the glyph rows of `strip[offset..offset+8)` (§8.2). */
  renderGreetingFrame(scroll: GreetingScroll, offset: number): void {
    const color = this.#colors.resolve(GREETING_COLOR_TOKEN);
    const grid = this.#lights.grid;
    for (let y = 0; y < GRID_SIZE; y += 1) {
      for (let x = 0; x < GRID_SIZE; x += 1) {
        const lit = y >= 1 && ((scroll.strip[offset + x]! >> (GRID_SIZE - 1 - y)) & 1) === 1;
        this.#writer.write(grid[y * GRID_SIZE + x]!, lit ? color : this.#off, false);
      }
    }
    this.#writer.flush();
  }

  #resolveCanvas(canvas: StateCanvas): Uint8Array {
    let values = this.#canvasValues.get(canvas);
    if (values === undefined) {
      values = Uint8Array.from(canvas.flat(), (token) => this.#colors.resolve(token));
      this.#canvasValues.set(canvas, values);
    }
    return values;
  }

  #renderShowByPalette(frame: ShowFrame): void {
    const pending = this.#pending;
    const colors = this.#colors;
    let at = 0;
    for (const row of frame.grid) for (const color of row) pending[at++] = colors.resolve(color.fallback);
    this.#resolveRails(frame);
    this.#writeAll(this.#lights.grid, pending);
    this.#writeRails();
  }

  /** The rails' palette fallbacks, top left→right then right top→bottom, into the scratch list after the grid's. */
  #resolveRails(frame: ShowFrame): void {
    const pending = this.#pending;
    const colors = this.#colors;
    let at = RAILS_OFFSET;
    for (const color of frame.top) pending[at++] = colors.resolve(color.fallback);
    for (const color of frame.right) pending[at++] = colors.resolve(color.fallback);
  }

  #writeRails(): void {
    const lights = this.#lights;
    this.#writeAll(lights.showcaseTop, this.#pending, RAILS_OFFSET);
    this.#writeAll(lights.showcaseRight, this.#pending, RAILS_OFFSET + lights.showcaseTop.length);
  }

  /** Show mode ends: both rails go dark through the cache, top left→right, then right top→bottom (§7 step 1). */
  #leaveShow(): void {
    this.#rgb?.forget();
    for (const light of this.#lights.showcaseTop) this.#writer.write(light, this.#off, false);
    for (const light of this.#lights.showcaseRight) this.#writer.write(light, this.#off, false);
    this.#showing = false;
  }

  #checkShowShape(frame: ShowFrame): void {
    const showcase = this.profile.surface.showcase;
    const fits =
      frame.grid.length === GRID_SIZE &&
      frame.grid.every((row) => row.length === GRID_SIZE) &&
      frame.top.length === showcase.top.length &&
      frame.right.length === showcase.right.length;
    if (!fits) throw new RenderError("show frame does not match the profile's 8x8 plus rails");
  }

  #writeAll(lights: Uint16Array, values: Uint8Array, offset = 0): void {
    const writer = this.#writer;
    for (let i = 0; i < lights.length; i += 1) writer.write(lights[i]!, values[offset + i]!, false);
  }

  #sendAll(messages: readonly Uint8Array[]): void {
    for (const message of messages) this.#send(message);
  }
}
