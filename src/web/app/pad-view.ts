import { describeState, element, paint } from './dom.js';
import type { DemoInput } from '../../experiences/manifest/demo-manifest.js';
import { TOP_RAIL, type ActionName, type PadModel } from './pad-model.js';
import type { SurfaceMessage } from './messages.js';

export interface PadInput {
  action(action: ActionName): void;
  select(slot: number): void;
}

const ACTION_GLYPHS: Readonly<Record<string, { glyph: string; label: string }>> = {
  approve: { glyph: '✓', label: 'Approve' },
  reject: { glyph: '✕', label: 'Reject' },
  retry: { glyph: '↻', label: 'Retry' },
  stop: { glyph: '■', label: 'Stop' },
  overflow: { glyph: '+', label: 'More agents than Scenes' },
  reserved: { glyph: '', label: 'Unused' },
};

/**
 * The 80 lights in the Launchpad arrangement (visual-protocol-1.md §2): a top
 * rail of eight round buttons, the 8×8 matrix (state canvas plus status
 * column) and the right rail of eight Scene buttons.
 */
export class PadView {
  readonly #root: HTMLElement;
  readonly #top: HTMLButtonElement[] = [];
  readonly #cells: HTMLElement[][] = [];
  readonly #scenes: HTMLButtonElement[] = [];
  readonly #matrix: HTMLElement;

  constructor(root: HTMLElement, input: PadInput) {
    this.#root = root;
    const rail = element('div', 'rail rail-top');
    TOP_RAIL.forEach((role, position) => {
      const button = element('button', 'light round', ACTION_GLYPHS[role ?? 'reserved']!.glyph);
      button.type = 'button';
      button.dataset['position'] = String(position);
      if (role !== null && role !== 'overflow') button.addEventListener('click', () => input.action(role));
      this.#top.push(button);
      rail.append(button);
    });
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
      const button = element('button', 'light round scene', String(slot + 1));
      button.type = 'button';
      button.addEventListener('click', () => input.select(slot));
      this.#scenes.push(button);
      scenes.append(button);
    }
    root.append(rail, this.#matrix, scenes);
  }

  update(model: PadModel, surface: SurfaceMessage | null): void {
    this.#root.classList.toggle('showing', model.showing);
    model.top.forEach((light, i) => {
      const button = this.#top[i]!;
      paint(button, light.color);
      button.disabled = !light.enabled;
      const overflow = surface?.view.overflow_count ?? 0;
      const label = ACTION_GLYPHS[light.role]!.label;
      button.setAttribute('aria-label', light.role === 'overflow' && overflow > 0 ? `${label}: ${overflow} waiting` : label);
    });
    model.grid.forEach((row, y) => row.forEach((color, x) => paint(this.#cells[y]![x]!, color)));
    const sessions = surface?.view.sessions ?? [];
    model.scenes.forEach((light, slot) => {
      const button = this.#scenes[slot]!;
      paint(button, light.color);
      button.disabled = !light.enabled;
      const session = sessions.find((candidate) => candidate.slot === slot);
      const who = session ? `${session.label}, ${describeState(session.state)}${session.selected ? ', selected' : ''}` : 'empty';
      button.setAttribute('aria-label', `Scene ${slot + 1}: ${who}`);
    });
    const selected = model.showing ? 'Show playing' : `Selected agent: ${describeState(surface?.view.selected_state ?? null)}`;
    this.#matrix.setAttribute('aria-label', selected);
  }

  /** Rings the control an offline Demo stage points at (experiences.md §13); null rings none. */
  guide(target: DemoInput | null): void {
    this.#top.forEach((button, position) => button.classList.toggle('guide', target?.event === 'action' && TOP_RAIL[position] === target.action));
    this.#scenes.forEach((button, slot) => button.classList.toggle('guide', target?.event === 'select' && target.slot === slot));
  }
}
