import { isAgentState } from '../../domain/agent-state.js';
import { STATE_WORDS } from '../../domain/plain-words.js';

/** The element with this id; the page is static, so a missing id is a build error worth failing loudly on. */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (element === null) throw new Error(`page element #${id} is missing`);
  return element as T;
}

export function element<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className !== undefined) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** Colours go through the CSSOM, which the Content-Security-Policy allows where inline styles are refused. */
export function paint(node: HTMLElement, color: string): void {
  node.style.setProperty('--pad-color', color);
  node.style.setProperty('--pad-ink', inkFor(color));
}

/** Dark text on bright lights, light text on dim ones. */
function inkFor(color: string): string {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color);
  if (match === null) return '#e8edf1';
  const [r, g, b] = [match[1]!, match[2]!, match[3]!].map((hex) => parseInt(hex, 16) / 255) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.45 ? '#0b0f12' : '#e8edf1';
}

/** A state as the page writes it: the plain words (`Waiting for approval`); unknown words pass through. */
export function stateWord(state: string): string {
  return isAgentState(state) ? STATE_WORDS[state] : state;
}

/** The same words for screen readers and accessible names, in lower case. */
export function spokenState(state: string | null): string {
  return state === null ? 'no agent selected' : stateWord(state).toLowerCase();
}

/** Plain words shown, the protocol word in the tooltip (for those who read logs or --json). */
export function showState(node: HTMLElement, state: string): void {
  node.textContent = stateWord(state);
  node.title = state;
}
