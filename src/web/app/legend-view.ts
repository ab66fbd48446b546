import { cssColorForToken } from '../../visual-protocol/semantic-colors.js';
import { describeState, element, paint } from './dom.js';
import type { SurfaceMessage } from './messages.js';

/**
 * The legend beside the pad: one row per visible agent with its Scene number,
 * accent swatch, label and state. Labels are agent-supplied text and are only
 * ever set as text content, never parsed as HTML.
 */
export class LegendView {
  readonly #list: HTMLOListElement;
  readonly #empty: HTMLElement;
  readonly #select: (slot: number) => void;

  constructor(list: HTMLOListElement, empty: HTMLElement, select: (slot: number) => void) {
    this.#list = list;
    this.#empty = empty;
    this.#select = select;
  }

  /** `guidedSlot`: the row an offline Demo stage points at, ringed like its Scene button. */
  update(surface: SurfaceMessage | null, interactive: boolean, guidedSlot: number | null = null): void {
    const sessions = surface?.view.sessions ?? [];
    const overflow = surface?.view.overflow_count ?? 0;
    this.#list.replaceChildren(
      ...sessions.map((session) => {
        const item = element('li', session.selected ? 'agent selected' : 'agent');
        item.classList.toggle('guide', session.slot === guidedSlot);
        const button = element('button', 'agent-button');
        button.type = 'button';
        button.disabled = !interactive;
        button.addEventListener('click', () => this.#select(session.slot));
        if (session.selected) button.setAttribute('aria-current', 'true');
        const swatch = element('span', 'swatch');
        paint(swatch, cssColorForToken(`accent:${session.accent}:selected`));
        const status = element('span', 'agent-state', describeState(session.state));
        paint(status, cssColorForToken(`state:${session.state}:primary`));
        button.append(swatch, element('span', 'agent-scene', `Scene ${session.slot + 1}`), element('span', 'agent-label', session.label), status);
        item.append(button);
        return item;
      }),
    );
    this.#empty.hidden = sessions.length > 0;
    this.#empty.textContent = overflow > 0 ? `${overflow} more agent(s) without a Scene.` : 'No agents yet.';
    if (sessions.length > 0 && overflow > 0) this.#list.append(element('li', 'agent overflow', `+${overflow} more without a Scene`));
  }
}
