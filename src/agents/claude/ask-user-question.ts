import { MAX_QUESTION_OPTIONS, MAX_QUESTIONS, type Question } from '../../domain/index.js';

/*
 * Claude Code's AskUserQuestion tool, as its hooks see it (tool_input
 * `{questions: [{question, header, options: [{label, description}],
 * multiSelect}]}`), and the input that answers it: the original questions
 * plus `answers`, keyed by question text, valued by the chosen option's
 * label; a multi-select answer is its labels joined with ", ", exactly what
 * Claude Code makes of an array (and what every version takes). Confirmed
 * against Claude Code 2.1.332 by test/real-agents/claude-questions.test.ts.
 */

export const ASK_USER_QUESTION = 'AskUserQuestion';

/** The questions, if the pad can show every one of them (1–8 questions of 1–8 labelled options); else null. */
export function padQuestionsOf(toolInput: unknown): Question[] | null {
  if (!isRecord(toolInput) || !Array.isArray(toolInput['questions'])) return null;
  const raw = toolInput['questions'];
  if (raw.length === 0 || raw.length > MAX_QUESTIONS) return null;
  const questions: Question[] = [];
  for (const item of raw) {
    if (!isRecord(item) || typeof item['question'] !== 'string' || item['question'].trim() === '' || !Array.isArray(item['options'])) return null;
    const options = item['options'];
    if (options.length === 0 || options.length > MAX_QUESTION_OPTIONS) return null;
    const parsed = options.map((option) =>
      isRecord(option) && typeof option['label'] === 'string' && option['label'].trim() !== ''
        ? { label: option['label'], description: typeof option['description'] === 'string' ? option['description'] : '' }
        : null,
    );
    if (parsed.includes(null)) return null;
    questions.push({
      question: item['question'],
      header: typeof item['header'] === 'string' ? item['header'] : '',
      options: parsed as { label: string; description: string }[],
      multiSelect: item['multiSelect'] === true,
    });
  }
  return questions;
}

/** The tool's input with the pad's answers added: `chosen[i]` holds the options chosen for question i. */
export function answeredInput(
  toolInput: Record<string, unknown>,
  questions: readonly Question[],
  chosen: readonly (readonly number[])[],
): Record<string, unknown> {
  const answers: Record<string, string> = {};
  questions.forEach((question, i) => {
    answers[question.question] = (chosen[i] ?? []).map((option) => question.options[option]!.label).join(', ');
  });
  return { ...toolInput, answers };
}

/** The PermissionRequest decision line (with LF) that answers every question. */
export function permissionRequestAnswerLine(updatedInput: Record<string, unknown>): string {
  const decision = { behavior: 'allow', updatedInput };
  return `${JSON.stringify({ hookSpecificOutput: { hookEventName: 'PermissionRequest', decision } })}\n`;
}

/**
 * What identifies one AskUserQuestion call across its hooks: the questions
 * only, since PostToolUse's input also carries the answers, which the
 * PermissionRequest and PreToolUse inputs do not have yet.
 */
export function questionCallInput(toolInput: unknown): unknown {
  return isRecord(toolInput) ? { questions: toolInput['questions'] } : toolInput;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
