import { AGENT_STATES, type AgentState } from '../../domain/index.js';
import { byId, element, stateWord } from './dom.js';
import { sandboxLabel } from './public-sandbox.js';
import { PUBLIC_MODES, type PublicMode, type PublicScreen, type PublicState } from './public-runtime.js';

export interface PublicPanelInput {
  mode(mode: PublicMode): void;
  restartDemo(): void;
  playShow(): void;
  stopShow(): void;
  setAgentState(slot: number, state: AgentState): void;
}

const SHOW_STATUS: Readonly<Record<string, string>> = { starting: 'Starting…', playing: '', idle: '' };

/**
 * The side panel of the offline app: the mode switch, the Demo prompt with
 * its guidance, the Sandbox state pickers and the Show caption. Text only
 * ever goes in as text content.
 */
export class PublicPanel {
  readonly #pickers: HTMLSelectElement[] = [];

  constructor(input: PublicPanelInput, showTitle: string) {
    byId('show-title').textContent = showTitle;
    for (const mode of PUBLIC_MODES) byId(`mode-${mode}`).addEventListener('click', () => input.mode(mode));
    byId('demo-restart').addEventListener('click', () => input.restartDemo());
    byId('show-play').addEventListener('click', () => input.playShow());
    byId('show-stop').addEventListener('click', () => input.stopShow());
    const list = byId<HTMLOListElement>('sandbox-states');
    for (let slot = 0; slot < 8; slot += 1) {
      const picker = element('select');
      picker.id = `sandbox-state-${slot}`;
      for (const state of AGENT_STATES) {
        const option = element('option', undefined, stateWord(state));
        option.value = state;
        picker.append(option);
      }
      picker.addEventListener('change', () => input.setAgentState(slot, picker.value as AgentState));
      const label = element('label', undefined, sandboxLabel(slot));
      label.htmlFor = picker.id;
      const row = element('li', 'sandbox-agent');
      row.append(label, picker);
      list.append(row);
      this.#pickers.push(picker);
    }
  }

  update(screen: PublicScreen, state: PublicState): void {
    for (const mode of PUBLIC_MODES) {
      byId(`mode-${mode}`).setAttribute('aria-pressed', String(mode === screen.mode));
      byId(`${mode}-mode`).hidden = mode !== screen.mode;
    }
    byId('legend-panel').hidden = screen.mode === 'show';
    if (screen.prompt !== null) {
      byId('prompt-eyebrow').textContent = screen.prompt.eyebrow;
      byId('prompt-title').textContent = screen.prompt.title;
      byId('prompt-detail').textContent = screen.prompt.detail;
    }
    byId('guidance').textContent = screen.guidance?.text ?? '';
    byId('guidance').hidden = screen.guidance === null;
    state.sandbox.states.forEach((agentState, slot) => {
      const picker = this.#pickers[slot]!;
      if (picker.value !== agentState) picker.value = agentState;
    });
    this.#updateShow(screen);
  }

  #updateShow(screen: PublicScreen): void {
    const experience = screen.session.experience;
    if (screen.mode !== 'show' || experience === null) return;
    const active = experience.status === 'starting' || experience.status === 'playing';
    byId('show-caption').textContent = experience.caption ?? SHOW_STATUS[experience.status] ?? '';
    byId('show-act').textContent = experience.detail ?? (experience.reason === 'complete' ? 'The Show has ended.' : '');
    byId('show-play').hidden = active;
    byId('show-stop').hidden = !active;
  }
}
