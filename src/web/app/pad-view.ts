import { ACTION_WORDS } from '../../domain/plain-words.js';
import type { DemoInput } from '../../experiences/manifest/demo-manifest.js';
import { cssColorForToken } from '../../visual-protocol/semantic-colors.js';
import { element, paint, spokenState } from './dom.js';
import { ACTION_KEYS } from './keyboard.js';
import type { SurfaceMessage } from './messages.js';
import { TOP_RAIL, type ActionName, type PadModel } from './pad-model.js';

export interface PadInput {
  action(action: ActionName): void;
  select(slot: number): void;
  /** Approve held down or let go (hold to approve); false when the daemon does not take holds, so a click presses instead. */
  hold?(action: ActionName, down: boolean): boolean;
}

/**
 * Approve, pressed by a pointer, is held while the pointer stays down: the
 * daemon approves a destructive command only once held long enough (the pad's
 * fill shows how far), and letting go sooner approves nothing.
 */
function holdable(button: HTMLButtonElement, input: PadInput): void {
  const letGo = () => {
    if (button.dataset['held'] !== 'down') return;
    button.dataset['held'] = 'true';
    input.hold?.('approve', false);
  };
  button.addEventListener('pointerdown', (event) => {
    if (event.button !== 0 || input.hold?.('approve', true) !== true) return;
    button.dataset['held'] = 'down';
    button.setPointerCapture?.(event.pointerId);
  });
  for (const type of ['pointerup', 'pointercancel', 'lostpointercapture'] as const) button.addEventListener(type, letGo);
}

/** Glyphs drawn on the action buttons; the words are the caption under each. */
const ACTION_GLYPHS: Readonly<Record<ActionName, string>> = { approve: '✓', reject: '✕', retry: '↻', stop: '■' };

const OFF = cssColorForToken('off');

/** Paints one light; a dark one is marked so the stylesheet draws it as unlit rubber, a lit one glows. */
function light(node: HTMLElement, color: string): void {
  paint(node, color);
  node.classList.toggle('on', color !== OFF);
}

/**
 * The 80 lights in the Launchpad arrangement (visual-protocol-1.md §2): a top
 * rail of eight round lights, the 8×8 matrix (state canvas plus status
 * column) and the right rail of eight Scene buttons. Only what a press can
 * change is a button: the four actions and the Scene rail. An action's
 * button holds its light and its caption, so the word is pressable too. The
 * overflow light and the reserved positions are plain lights, and an empty
 * Scene shows no number and looks flat.
 */
export class PadView {
  readonly #root: HTMLElement;
  /** The eight top-rail lights (what is painted) and what carries their state: the button of an action, else the light. */
  readonly #top: HTMLElement[] = [];
  readonly #controls: HTMLElement[] = [];
  readonly #captions: HTMLElement[] = [];
  readonly #cells: HTMLElement[][] = [];
  readonly #scenes: HTMLButtonElement[] = [];
  readonly #matrix: HTMLElement;

  constructor(root: HTMLElement, input: PadInput) {
    this.#root = root;
    const rail = element('div', 'rail rail-top');
    TOP_RAIL.forEach((role, position) => {
      const cell = element('div', role === null ? 'top-cell reserved-cell' : 'top-cell');
      const caption = element('span', 'caption', role === null || role === 'overflow' ? '' : ACTION_WORDS[role]);
      caption.setAttribute('aria-hidden', 'true');
      if (role === null || role === 'overflow') {
        const plain = this.#plainLight(role);
        cell.append(plain, caption);
        this.#top.push(plain);
        this.#controls.push(plain);
      } else {
        const button = this.#actionButton(role, position, input);
        const lamp = element('span', 'light round', ACTION_GLYPHS[role]);
        lamp.setAttribute('aria-hidden', 'true');
        button.append(lamp, caption);
        cell.append(button);
        this.#top.push(lamp);
        this.#controls.push(button);
      }
      this.#captions.push(caption);
      rail.append(cell);
    });
    const corner = element('div', 'rail-corner caption', 'Scenes');
    corner.setAttribute('aria-hidden', 'true');
    this.#matrix = element('div', 'matrix');
    this.#matrix.setAttribute('role', 'img');
    for (let y = 0; y < 8; y += 1) {
      const row: HTMLElement[] = [];
      for (let x = 0; x < 8; x += 1) {
        const cell = element('div', x === 7 ? 'light pad status' : 'light pad');
        row.push(cell);
        this.#matrix.append(cell);
      }
      this.#cells.push(row);
    }
    const scenes = element('div', 'rail rail-right');
    for (let slot = 0; slot < 8; slot += 1) {
      const button = element('button', 'light round scene');
      button.type = 'button';
      button.setAttribute('aria-keyshortcuts', String(slot + 1));
      button.addEventListener('click', () => input.select(slot));
      this.#scenes.push(button);
      scenes.append(button);
    }
    root.append(rail, corner, this.#matrix, scenes);
  }

  update(model: PadModel, surface: SurfaceMessage | null): void {
    this.#root.classList.toggle('showing', model.showing);
    const overflow = surface?.view.overflow_count ?? 0;
    model.top.forEach((state, i) => {
      light(this.#top[i]!, state.color);
      const node = this.#controls[i]!;
      node.classList.toggle('lit', state.enabled);
      node.classList.toggle('sending', state.sending);
      if (node instanceof HTMLButtonElement) {
        node.disabled = !state.enabled;
        node.setAttribute('aria-label', state.sending ? `${ACTION_WORDS[state.action!]} (sent)` : ACTION_WORDS[state.action!]);
      } else if (state.role === 'overflow') {
        const text = overflow > 0 ? `${overflow} more` : '';
        node.classList.toggle('active', overflow > 0 && !model.showing);
        this.#captions[i]!.textContent = model.showing ? '' : text;
        node.setAttribute('aria-label', overflow > 0 ? `${overflow} agent${overflow === 1 ? '' : 's'} without a Scene` : 'No agents without a Scene');
      }
    });
    model.grid.forEach((row, y) => row.forEach((color, x) => light(this.#cells[y]![x]!, color)));
    const sessions = surface?.view.sessions ?? [];
    model.scenes.forEach((scene, slot) => {
      const button = this.#scenes[slot]!;
      light(button, scene.color);
      button.disabled = !scene.enabled;
      const session = sessions.find((candidate) => candidate.slot === slot);
      const occupied = session !== undefined && !model.showing;
      button.classList.toggle('empty', !occupied && !model.showing);
      button.textContent = occupied ? String(slot + 1) : '';
      const who = session ? `${session.label}, ${spokenState(session.state)}${session.selected ? ', selected' : ''}` : 'empty';
      button.setAttribute('aria-label', `Scene ${slot + 1}: ${who}`);
      if (session?.selected) button.setAttribute('aria-current', 'true');
      else button.removeAttribute('aria-current');
    });
    const selected = model.showing ? 'Show playing' : `Selected agent: ${spokenState(surface?.view.selected_state ?? null)}`;
    this.#matrix.setAttribute('aria-label', selected);
  }

  /** Writes a short mark (an option's number) on canvas pads, keyed `x,y`; every other pad is cleared. */
  mark(marks: ReadonlyMap<string, string>): void {
    this.#cells.forEach((row, y) =>
      row.forEach((cell, x) => {
        if (x === 7) return;
        const text = marks.get(`${x},${y}`) ?? '';
        if (cell.textContent !== text) cell.textContent = text;
      }),
    );
  }

  /** Rings the control an offline Demo stage points at (experiences.md §13); null rings none. */
  guide(target: DemoInput | null): void {
    this.#controls.forEach((control, position) => control.classList.toggle('guide', target?.event === 'action' && TOP_RAIL[position] === target.action));
    this.#scenes.forEach((button, slot) => button.classList.toggle('guide', target?.event === 'select' && target.slot === slot));
  }

  /** The fill a hold-to-approve would show goes in the button's `--hold` (0 to 1); nothing sets it yet. */
  #actionButton(action: ActionName, position: number, input: PadInput): HTMLButtonElement {
    const button = element('button', `action action-${action}`);
    button.type = 'button';
    button.dataset['position'] = String(position);
    button.setAttribute('aria-keyshortcuts', ACTION_KEYS[action]);
    if (action === 'approve') holdable(button, input);
    button.addEventListener('click', () => {
      // A press the pointer held is already sent (and let go); the click that follows it is not another one.
      if (button.dataset['held'] === 'true') delete button.dataset['held'];
      else input.action(action);
    });
    return button;
  }

  #plainLight(role: 'overflow' | null): HTMLElement {
    const light = element('div', `light round ${role ?? 'reserved'}`);
    if (role === 'overflow') light.setAttribute('role', 'img');
    else light.setAttribute('aria-hidden', 'true');
    return light;
  }
}
