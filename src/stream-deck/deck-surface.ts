import {
  actionPressed,
  actionReleased,
  CONTROL_ACTIONS,
  EIGHT_SCENES,
  OFF_TOKEN,
  sendPadIndex,
  sessionSelected,
  type QuestionPrompt,
  type ShowFrame,
  type Surface,
  type SurfaceEvent,
  type SurfaceView,
  type VisualFrame,
} from '../domain/index.js';
import type { Cell, StreamDeckProfile } from '../profiles/surface/index.js';
import { BoundedQueue } from '../support/bounded-queue.js';
import { chosenOptionToken, compileVisualFrame, optionToken, SEND_TOKEN, ShownQuestion } from '../visual-protocol/index.js';
import { drawFace, faceColor, faceKey, type KeyFace } from './key-faces.js';
import type { DeckKey, DeckPanel } from './library.js';

/** At most 15 frames a second: a full 15-key repaint is ~15 JPEGs of a few kB over USB full speed. */
export const DECK_FRAME_INTERVAL_MS = 1000 / 15;
const MAX_PENDING_EVENTS = 64;

export type Role =
  | { readonly kind: 'glyph' }
  | { readonly kind: 'scene'; readonly slot: number }
  | { readonly kind: 'action'; readonly action: (typeof CONTROL_ACTIONS)[number] }
  | { readonly kind: 'overflow' };

/** Faces by key index: one frame of the whole deck. */
type DeckFrame = ReadonlyMap<number, KeyFace>;

export interface DeckSurfaceOptions {
  readonly panel: DeckPanel;
  readonly profile: StreamDeckProfile;
  readonly onLost: (error: unknown) => void;
}

/** The key at each cell a profile names, or the first cell the panel lacks. */
export function keysForProfile(panel: DeckPanel, profile: StreamDeckProfile): { readonly roles: ReadonlyMap<number, Role> } | { readonly missing: string } {
  const byCell = new Map(panel.keys.map((key) => [`${key.x},${key.y}`, key]));
  const roles = new Map<number, Role>();
  const place = (cell: Cell | undefined, role: Role, where: string): string | null => {
    if (cell === undefined) return null;
    const key = byCell.get(`${cell[0]},${cell[1]}`);
    if (key === undefined) return `${profile.id} places ${where} at [${cell[0]}, ${cell[1]}], which this ${panel.productName} has no key for`;
    roles.set(key.index, role);
    return null;
  };
  const layout = profile.layout;
  const problems = [
    place(layout.glyph, { kind: 'glyph' }, 'the glyph'),
    ...layout.agent_selectors.map((cell, slot) => place(cell, { kind: 'scene', slot }, `Agent Scene ${slot + 1}`)),
    ...CONTROL_ACTIONS.map((action) => place(layout.actions[action], { kind: 'action', action }, action)),
    place(layout.overflow, { kind: 'overflow' }, 'the overflow key'),
  ].filter((problem) => problem !== null);
  return problems.length > 0 ? { missing: problems[0]! } : { roles };
}

/**
 * A Stream Deck as a hub drives it: each key shows one role of the pad — the
 * selected agent's glyph, an Agent Scene in its identity colour with its
 * label and a bar in its state's colour, an action lit only when available —
 * drawn at the model's key size. Only keys whose face changed since the last
 * frame are redrawn; a frame resolves once its keys are written, and the
 * hub's pacer sends one at a time, the newest, at the deck's frame cap. Key
 * downs become surface events.
 *
 * A deck has no glyph area to put a question's option pads in, so while the
 * selected agent asks one its Agent Scene keys become option keys (key i is
 * option i + 1), and the glyph key keeps the agent's `?` and swaps the Scene
 * keys between options and Scenes, so a deck alone can still switch agents
 * while a question waits.
 */
export class DeckSurface implements Surface {
  readonly #panel: DeckPanel;
  readonly #profile: StreamDeckProfile;
  readonly #roles: ReadonlyMap<number, Role>;
  readonly #keys: ReadonlyMap<number, DeckKey>;
  readonly #events = new BoundedQueue<SurfaceEvent>(MAX_PENDING_EVENTS);
  /** The faces the keys show: what the next frame is compared with (null: nothing yet, draw every key). */
  #shown: DeckFrame | null = null;
  #closing: Promise<void> | null = null;
  /** The frame being written, which close() lets finish so no key is drawn after the clear. */
  #drawing: Promise<void> = Promise.resolve();
  /** The last view drawn (null under a Show), redrawn when the glyph key swaps what the Scene keys show. */
  #view: SurfaceView | null = null;
  /** The question the Scene keys can answer (none: none waits, or a Show plays). */
  readonly #question = new ShownQuestion();
  /**
   * Presentation state of this one deck: the user pressed the glyph key to
   * see the Scenes while #question waits. Another question, or none, resets
   * it, so each new question shows its options first.
   */
  #scenesOverQuestion = false;
  /** Tells the hub a press waits; set when the deck joins. */
  #wake: () => void = () => undefined;

  constructor(options: DeckSurfaceOptions, roles: ReadonlyMap<number, Role>) {
    const { panel, profile } = options;
    this.#panel = panel;
    this.#profile = profile;
    this.#roles = roles;
    this.#keys = new Map(panel.keys.map((key) => [key.index, key]));
    panel.onKey((index, down) => this.#onKey(index, down));
    panel.onError(options.onLost);
  }

  /** Sets the profile's brightness; the first frame follows with render(). */
  initialize(): void {
    this.#panel.setBrightness(this.#profile.brightness).catch(() => {});
  }

  render(view: SurfaceView, frame?: VisualFrame): Promise<void> {
    if (this.#question.show(view)) this.#scenesOverQuestion = false;
    this.#view = view;
    return this.#show(this.#facesFor(view, frame));
  }

  /** A Show's 8x8 grid, one light per key from the top-left (keys beyond it stay dark). */
  renderShowFrame(frame: ShowFrame): Promise<void> {
    this.#question.clear();
    this.#view = null;
    const faces = new Map<number, KeyFace>();
    for (const key of this.#keys.values()) {
      const color = frame.grid[key.y]?.[key.x];
      faces.set(key.index, color === undefined ? { kind: 'blank' } : { kind: 'color', rgb: color.rgb });
    }
    return this.#show(faces);
  }

  pollEvents(): SurfaceEvent[] {
    return this.#events.drain();
  }

  /** Clears the keys and closes the device; resolves once it is closed and never rejects (it may be gone). */
  close(): Promise<void> {
    this.#closing ??= this.#drawing
      .then(() => this.#panel.clearPanel())
      .catch(() => {})
      .then(() => this.#panel.close())
      .catch(() => {});
    return this.#closing;
  }

  #facesFor(view: SurfaceView, shared?: VisualFrame): DeckFrame {
    const question = this.#question.current;
    // The glyph key keeps the agent's own glyph (the `?`): the options have keys of their own.
    const frame =
      question === null
        ? (shared ?? compileVisualFrame(view, EIGHT_SCENES.selectorCapacity))
        : compileVisualFrame({ ...view, prompt: undefined }, EIGHT_SCENES.selectorCapacity);
    const labels = new Map(view.sessions.map((session) => [session.slot, session.label]));
    const options = this.#scenesOverQuestion ? null : question;
    const caption = question === null ? '' : options === null ? 'SCENES' : 'OPTIONS';
    const faces = new Map<number, KeyFace>();
    for (const key of this.#keys.values()) {
      const role = this.#roles.get(key.index);
      let face: KeyFace = { kind: 'blank' };
      if (role?.kind === 'glyph') face = { kind: 'glyph', canvas: frame.state, caption };
      else if (role?.kind === 'scene' && options !== null) face = optionFace(options, role.slot);
      else if (role !== undefined) face = faceFor(role, frame, labels);
      faces.set(key.index, face);
    }
    return faces;
  }

  /** Draws after the frame being written, so a repaint of the deck's own never interleaves with the hub's frames. */
  #show(frame: DeckFrame): Promise<void> {
    if (this.#closing !== null) return Promise.resolve();
    this.#drawing = this.#drawing.catch(() => {}).then(() => this.#draw(frame));
    return this.#drawing;
  }

  async #draw(frame: DeckFrame): Promise<void> {
    const shown = this.#shown;
    for (const [index, face] of frame) {
      if (this.#closing !== null) return;
      const before = shown?.get(index);
      if (before !== undefined && faceKey(before) === faceKey(face)) continue;
      const key = this.#keys.get(index)!;
      if (key.feedback === 'lcd') await this.#panel.fillKeyImage(index, drawFace(face, key.width, key.height).data);
      else if (key.feedback === 'rgb') await this.#panel.fillKeyColor(index, ...faceColor(face));
    }
    this.#shown = frame;
  }

  #onKey(index: number, down: boolean): void {
    const role = this.#roles.get(index);
    if (role === undefined) return;
    // An action key let go ends a hold (hold to approve); no other key means anything when it comes up.
    if (!down && role.kind === 'action') return this.#push(actionReleased(role.action));
    if (!down) return;
    if (role.kind === 'glyph') return this.#swapSceneKeys();
    const event = this.#eventFor(role);
    if (event !== null) this.#push(event);
  }

  #push(event: SurfaceEvent): void {
    this.#events.push(event);
    this.#wake();
  }

  onInput(wake: () => void): void {
    this.#wake = wake;
  }

  #eventFor(role: Exclude<Role, { kind: 'glyph' }>): SurfaceEvent | null {
    if (role.kind === 'action') return actionPressed(role.action);
    if (role.kind !== 'scene') return null;
    if (this.#scenesOverQuestion || this.#question.current === null) return sessionSelected(role.slot);
    // A dark key past the last option (or Send) answers nothing, and selects nothing either: it shows no Scene.
    return this.#question.pressOption(role.slot);
  }

  /**
   * The glyph key while a question waits: Scenes ⇄ options, redrawn from the
   * last view at once (the daemon sends no new view for it). A failed write
   * is left to the next paced frame, which meets the same device and reports it.
   */
  #swapSceneKeys(): void {
    if (this.#question.current === null || this.#view === null) return;
    this.#scenesOverQuestion = !this.#scenesOverQuestion;
    this.#show(this.#facesFor(this.#view)).catch(() => {});
  }
}

/**
 * Option `slot + 1` on the Scene key of `slot` (green once a multi-select
 * question has it chosen), Send on the key after a multi-select question's
 * last option, or a dark key past them.
 */
function optionFace(prompt: QuestionPrompt, slot: number): KeyFace {
  const label = prompt.question.options[slot]?.label;
  if (label !== undefined) {
    const token = prompt.selected.includes(slot) ? chosenOptionToken(slot + 1) : optionToken(slot + 1);
    return { kind: 'option', number: slot + 1, label, token };
  }
  if (slot !== sendPadIndex(prompt.question)) return { kind: 'blank' };
  return { kind: 'send', token: prompt.selected.length > 0 ? SEND_TOKEN : OFF_TOKEN };
}

function faceFor(role: Exclude<Role, { kind: 'glyph' }>, frame: VisualFrame, labels: ReadonlyMap<number, string>): KeyFace {
  switch (role.kind) {
    case 'scene': {
      const accent = frame.selectors[role.slot] ?? OFF_TOKEN;
      return {
        kind: 'scene',
        slot: role.slot,
        accent,
        status: frame.statuses[role.slot] ?? OFF_TOKEN,
        label: accent === OFF_TOKEN ? '' : (labels.get(role.slot) ?? ''),
      };
    }
    case 'action':
      return { kind: 'action', action: role.action, token: frame.actions[role.action] };
    case 'overflow':
      return { kind: 'overflow', token: frame.overflow };
  }
}
