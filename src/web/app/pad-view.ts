import { element, paint, spokenState } from './dom.js';
import type { DemoInput } from '../../experiences/manifest/demo-manifest.js';
import { ACTION_KEYS } from './keyboard.js';
import { ACTION_NAMES } from './press-feedback.js';
import { TOP_RAIL, type ActionName, type PadModel } from './pad-model.js';
import type { SurfaceMessage } from './messages.js';

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

/**
 * The 80 lights in the Launchpad arrangement (visual-protocol-1.md §2): a top
 * rail of eight round lights, the 8×8 matrix (state canvas plus status
 * column) and the right rail of eight Scene buttons. Only what a press can
 * change is a button: the four actions and the Scene rail. The overflow light
 * and the reserved positions are plain lights, and an empty Scene shows no
 * number and looks flat.
 */
export class PadView {
  readonly #root: HTMLElement;
  readonly #top: HTMLElement[] = [];
  readonly #captions: HTMLElement[] = [];
  readonly #cells: HTMLElement[][] = [];
  readonly #scenes: HTMLButtonElement[] = [];
  readonly #matrix: HTMLElement;

  constructor(root: HTMLElement, input: PadInput) {
    this.#root = root;
    const rail = element('div', 'rail rail-top');
    TOP_RAIL.forEach((role, position) => {
      const cell = element('div', 'top-cell');
      const light = role === null || role === 'overflow' ? this.#plainLight(role) : this.#actionButton(role, position, input);
      const caption = element('span', 'caption', role === null || role === 'overflow' ? '' : ACTION_NAMES[role]);
      caption.setAttribute('aria-hidden', 'true');
      cell.append(light, caption);
      this.#top.push(light);
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
    model.top.forEach((light, i) => {
      const node = this.#top[i]!;
      paint(node, light.color);
      node.classList.toggle('lit', light.enabled);
      node.classList.toggle('sending', light.sending);
      if (node instanceof HTMLButtonElement) {
        node.disabled = !light.enabled;
        node.setAttribute('aria-label', light.sending ? `${ACTION_NAMES[light.action!]} (sent)` : ACTION_NAMES[light.action!]);
      } else if (light.role === 'overflow') {
        const text = overflow > 0 ? `${overflow} more` : '';
        node.classList.toggle('active', overflow > 0 && !model.showing);
        this.#captions[i]!.textContent = model.showing ? '' : text;
        node.setAttribute('aria-label', overflow > 0 ? `${overflow} agent${overflow === 1 ? '' : 's'} without a Scene` : 'No agents without a Scene');
      }
    });
    model.grid.forEach((row, y) => row.forEach((color, x) => paint(this.#cells[y]![x]!, color)));
    const sessions = surface?.view.sessions ?? [];
    model.scenes.forEach((light, slot) => {
      const button = this.#scenes[slot]!;
      paint(button, light.color);
      button.disabled = !light.enabled;
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
    this.#top.forEach((light, position) => light.classList.toggle('guide', target?.event === 'action' && TOP_RAIL[position] === target.action));
    this.#scenes.forEach((button, slot) => button.classList.toggle('guide', target?.event === 'select' && target.slot === slot));
  }

  #actionButton(action: ActionName, position: number, input: PadInput): HTMLButtonElement {
    const button = element('button', 'light round action', ACTION_GLYPHS[action]);
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
