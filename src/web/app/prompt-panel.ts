import { APPROVAL_TIER_WORDS } from '../../domain/plain-words.js';
import { REDACTED } from '../../requests/redact.js';
import { byId, element } from './dom.js';
import type { PromptJson, PromptMessage } from './messages.js';

export interface PromptInput {
  answer(ref: number, question: number, option: number): void;
  shareDetails(enabled: boolean): void;
}

/** A command as text, each redaction marker its own unbreakable piece: a line may wrap around `[REDACTED]`, never inside it. */
function commandText(text: string): (string | HTMLElement)[] {
  return text
    .split(REDACTED)
    .flatMap((part, i) => (i === 0 ? [part] : [element('span', 'redacted', REDACTED), part]))
    .filter((part) => part !== '');
}

/**
 * What the selected agent asks, beside the pad (our `prompts` extension):
 * a question with its options as buttons (the numbers match the pads), or
 * what an approval is for with its tier, right by Approve and Reject. Texts
 * a phone may not see arrive as null; the page then says so. On the admin
 * page a switch lets paired phones see them too.
 */
export class PromptPanel {
  readonly #input: PromptInput;
  #shown = '';

  constructor(input: PromptInput) {
    this.#input = input;
    byId<HTMLInputElement>('share-details').addEventListener('change', (event) => input.shareDetails((event.target as HTMLInputElement).checked));
  }

  /** The option numbers to write on the canvas pads, keyed `x,y`. */
  static marks(prompt: PromptJson | null): Map<string, string> {
    if (prompt?.kind !== 'question') return new Map();
    const marks = new Map(prompt.options.map((option) => [`${option.x},${option.y}`, String(option.index)]));
    if (prompt.send?.enabled === true) marks.set(`${prompt.send.x},${prompt.send.y}`, '✓');
    return marks;
  }

  update(message: PromptMessage | null, admin: boolean, live: boolean): void {
    byId('share-row').hidden = !admin;
    byId<HTMLInputElement>('share-details').checked = message?.details_shared ?? false;
    const prompt = live ? (message?.prompt ?? null) : null;
    const key = JSON.stringify(prompt);
    if (key === this.#shown) return;
    this.#shown = key;
    const panel = byId('prompt-panel');
    const body = byId('prompt-body');
    panel.hidden = prompt === null;
    body.replaceChildren();
    panel.dataset['kind'] = prompt?.kind ?? '';
    if (prompt === null) return;
    if (prompt.kind === 'approval') this.#approval(body, prompt);
    else if (prompt.kind === 'notice') this.#notice(body, prompt);
    else this.#question(body, prompt);
  }

  /** A refused request, or input the pad cannot give: nothing to press, only to read. */
  #notice(body: HTMLElement, prompt: Extract<PromptJson, { kind: 'notice' }>): void {
    const denied = prompt.notice === 'denied';
    byId('prompt-heading').textContent = denied ? 'Refused by the agent’s safety check' : 'Answer in the terminal';
    const source = prompt.tool ?? (denied ? 'A tool' : 'The agent');
    const line = denied ? `${source} was not run; the agent was told why.` : `${source} asks for input the pad cannot give.`;
    body.append(element('p', 'notice-line', line));
    if (prompt.description === null) return;
    const detail = element('code', 'notice-detail');
    detail.append(...commandText(prompt.description));
    detail.id = 'notice-detail';
    body.append(detail);
  }

  #approval(body: HTMLElement, prompt: Extract<PromptJson, { kind: 'approval' }>): void {
    byId('prompt-heading').textContent = 'Approve or reject';
    const tier = element('span', 'tier', APPROVAL_TIER_WORDS[prompt.tier] ?? prompt.tier);
    tier.dataset['tier'] = prompt.tier;
    tier.title = prompt.tier;
    tier.id = 'approval-tier';
    const what = element('p', 'approval-line');
    what.append(tier, ' ', element('strong', 'approval-tool', prompt.tool ?? 'A tool'));
    const detail = element('code', 'approval-detail');
    detail.append(...commandText(prompt.description ?? 'Details are shown on the computer running Pad-Lattice.'));
    detail.id = 'approval-detail';
    const how = element('p', 'hint', '✓ Approve lets it run; ✕ Reject refuses it.');
    body.append(what, detail, how);
  }

  #question(body: HTMLElement, prompt: Extract<PromptJson, { kind: 'question' }>): void {
    const count = prompt.question_count > 1 ? ` (${prompt.question_index + 1} of ${prompt.question_count})` : '';
    byId('prompt-heading').textContent = `${prompt.header ?? 'Question'}${count}`;
    body.append(
      element('p', 'question-text', prompt.question ?? 'The question is shown on the computer running Pad-Lattice; the pads are numbered like its options.'),
    );
    const list = element('ol', 'options');
    for (const option of prompt.options) {
      const button = element('button', 'option');
      button.type = 'button';
      button.dataset['option'] = String(option.index);
      button.append(element('span', 'option-index', String(option.index)), element('span', 'option-label', option.label ?? `Option ${option.index}`));
      if (option.description !== null) button.append(element('span', 'option-description', option.description));
      if (prompt.multi_select) button.setAttribute('aria-pressed', String(option.chosen));
      button.addEventListener('click', () => this.#input.answer(prompt.ref, prompt.question_index, option.index - 1));
      const item = element('li');
      item.append(button);
      list.append(item);
    }
    body.append(list);
    if (prompt.send === null) return;
    const { send } = prompt;
    body.append(element('p', 'hint', 'Several answers are allowed: press each one you want, then Send (the ✓ pad).'));
    const button = element('button', 'send-answer', 'Send');
    button.type = 'button';
    button.id = 'send-answer';
    button.disabled = !send.enabled;
    button.addEventListener('click', () => this.#input.answer(prompt.ref, prompt.question_index, send.index - 1));
    body.append(button);
  }
}
