import { cssColorForToken } from '../../visual-protocol/semantic-colors.js';
import { byId, element, paint, showState, spokenState } from './dom.js';
import type { OverflowMessage, SurfaceMessage } from './messages.js';

export interface LegendInput {
  /** A Scene row: select the agent in that slot. */
  select(slot: number): void;
  /** A row of the "without a Scene" list: select that agent by its ref (it then takes a Scene). */
  selectAgent(ref: number): void;
}

export interface LegendElements {
  readonly list: HTMLOListElement;
  readonly empty: HTMLElement;
  /** The "without a Scene" part: shown only while some agents have no Scene. */
  readonly overflowPanel: HTMLElement;
  readonly overflowList: HTMLOListElement;
  readonly overflowMore: HTMLElement;
}

/** The page's legend elements (index.html). */
export function legendElements(): LegendElements {
  return {
    list: byId<HTMLOListElement>('legend'),
    empty: byId('legend-empty'),
    overflowPanel: byId('overflow-panel'),
    overflowList: byId<HTMLOListElement>('overflow-list'),
    overflowMore: byId('overflow-more'),
  };
}

/**
 * The agents beside the pad: one row per Scene (number, accent swatch, label,
 * state), then the agents without a Scene. Every row is a button whose
 * accessible name starts with "Select <label>". Labels are agent-supplied
 * text and are only ever set as text content, never parsed as HTML.
 */
export class LegendView {
  readonly #elements: LegendElements;
  readonly #input: LegendInput;

  constructor(elements: LegendElements, input: LegendInput) {
    this.#elements = elements;
    this.#input = input;
  }

  /** `guidedSlot`: the row an offline Demo stage points at, ringed like its Scene button. */
  update(surface: SurfaceMessage | null, overflow: OverflowMessage | null, interactive: boolean, guidedSlot: number | null = null): void {
    const { list, empty } = this.#elements;
    const sessions = surface?.view.sessions ?? [];
    list.replaceChildren(
      ...sessions.map((session) => {
        const item = element('li', session.selected ? 'agent selected' : 'agent');
        item.classList.toggle('guide', session.slot === guidedSlot);
        const scene = `Scene ${session.slot + 1}`;
        const button = this.#row(session.label, session.state, cssColorForToken(`accent:${session.accent}:selected`), String(session.slot + 1), scene);
        button.disabled = !interactive;
        button.addEventListener('click', () => this.#input.select(session.slot));
        if (session.selected) {
          button.setAttribute('aria-current', 'true');
          button.setAttribute('aria-label', `${button.getAttribute('aria-label')}, selected`);
        }
        item.append(button);
        return item;
      }),
    );
    empty.hidden = sessions.length > 0;
    this.#updateOverflow(surface?.view.overflow_count ?? 0, overflow, interactive);
  }

  #updateOverflow(count: number, overflow: OverflowMessage | null, interactive: boolean): void {
    const { overflowPanel, overflowList, overflowMore } = this.#elements;
    overflowPanel.hidden = count === 0;
    // The list comes with the overflow extension; without it only the count is known.
    const agents = count === 0 ? [] : (overflow?.agents ?? []);
    overflowList.replaceChildren(
      ...agents.map((agent) => {
        const color = agent.accent === null ? cssColorForToken('idle') : cssColorForToken(`accent:${agent.accent}:unselected`);
        const button = this.#row(agent.label, agent.state, color, '–', 'no Scene');
        button.disabled = !interactive;
        button.addEventListener('click', () => this.#input.selectAgent(agent.agent));
        const item = element('li', 'agent waiting-room');
        item.append(button);
        return item;
      }),
    );
    const unlisted = count - agents.length;
    overflowMore.hidden = unlisted <= 0;
    overflowMore.textContent = agents.length === 0 ? `${count} agent${count === 1 ? '' : 's'} without a Scene.` : `and ${unlisted} more.`;
  }

  #row(label: string, state: string, swatchColor: string, badge: string, scene: string): HTMLButtonElement {
    const button = element('button', 'agent-button');
    button.type = 'button';
    button.setAttribute('aria-label', `Select ${label}, ${scene}, ${spokenState(state)}`);
    const swatch = element('span', 'swatch');
    paint(swatch, swatchColor);
    const status = element('span', 'agent-state');
    showState(status, state);
    paint(status, cssColorForToken(`state:${state}:primary`));
    // A long label is cut short on a narrow screen; the whole of it is the tooltip (and in the accessible name).
    const name = element('span', 'agent-label', label);
    name.title = label;
    button.append(swatch, element('span', 'agent-scene', badge), name, status);
    return button;
  }
}
