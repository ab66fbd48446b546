import {
  isAgentState,
  isControlAction,
  makeIdentity,
  MAX_QUESTION_OPTIONS,
  MAX_QUESTIONS,
  type AgentIdentity,
  type AgentState,
  type ControlAction,
  type Question,
} from '../domain/index.js';

/**
 * Checks of caller input before it goes on the wire. Fire-and-forget messages
 * get no reply, so a value the daemon would reject must fail here, loudly and
 * naming the argument (wire-protocol-1.md §5).
 */

export function checkState(state: unknown): AgentState {
  if (!isAgentState(state)) throw new RangeError(`state must be one of the seven agent states, got ${JSON.stringify(state)}`);
  return state;
}

export function checkIdentity(agent: AgentIdentity): AgentIdentity {
  if (typeof agent?.backend !== 'string' || agent.backend === '') throw new RangeError('agent.backend must be a non-empty string');
  if (typeof agent.sessionId !== 'string' || agent.sessionId === '') throw new RangeError('agent.sessionId must be a non-empty string');
  return makeIdentity(agent.backend, agent.sessionId);
}

export function checkMetadata(field: string, metadata: Readonly<Record<string, unknown>>): Readonly<Record<string, string>> {
  const checked: Record<string, string> = {};
  for (const [key, value] of Object.entries(metadata)) {
    if (key === '') throw new RangeError(`${field} keys must be non-empty strings`);
    if (typeof value !== 'string' || value === '') throw new RangeError(`${field}.${key} must be a non-empty string`);
    checked[key] = value;
  }
  return checked;
}

export function checkOptionalId(field: string, id: string | null): string | null {
  if (id !== null && (typeof id !== 'string' || id === '')) throw new RangeError(`${field} must be a non-empty string`);
  return id;
}

/** At least one action; duplicates are dropped (the daemon would collapse them anyway). */
export function checkActions(actions: readonly ControlAction[]): readonly ControlAction[] {
  if (actions.length === 0) throw new RangeError('actions must name at least one control action');
  for (const action of actions) {
    if (!isControlAction(action)) throw new RangeError(`actions contains an unknown control action: ${JSON.stringify(action)}`);
  }
  return [...new Set(actions)];
}

/** The limits the daemon enforces on a `question` request, checked before anything is sent. */
export function checkQuestions(questions: readonly Question[]): readonly Question[] {
  if (questions.length === 0 || questions.length > MAX_QUESTIONS) throw new RangeError(`questions must hold 1 to ${MAX_QUESTIONS} questions`);
  questions.forEach((question, i) => {
    if (typeof question.question !== 'string' || question.question.trim() === '') throw new RangeError(`questions[${i}].question must be a non-empty string`);
    if (question.options.length === 0 || question.options.length > MAX_QUESTION_OPTIONS) {
      throw new RangeError(`questions[${i}].options must hold 1 to ${MAX_QUESTION_OPTIONS} options`);
    }
    question.options.forEach((option, j) => {
      if (typeof option.label !== 'string' || option.label.trim() === '')
        throw new RangeError(`questions[${i}].options[${j}].label must be a non-empty string`);
    });
  });
  return questions;
}
