import { MAX_QUESTION_OPTIONS, MAX_QUESTIONS, type Question } from '../../domain/index.js';

/*
 * Claude Code's AskUserQuestion tool, as its PermissionRequest hook sees it
 * (tool_input `{questions: [{question, header, options: [{label,
 * description}], multiSelect}]}`), and the decision that answers it: allow,
 * with `updatedInput` holding the original questions plus `answers`, keyed
 * by question text, valued by the chosen option's label (Claude Code's hooks
 * reference; confirmed against Claude Code 2.1.332 by
 * test/real-agents/claude-questions.test.ts).
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

/** The decision line (with LF) that answers every question with the chosen option. */
export function answersDecisionLine(toolInput: Record<string, unknown>, questions: readonly Question[], chosen: readonly number[]): string {
  const answers: Record<string, string> = {};
  questions.forEach((question, i) => (answers[question.question] = question.options[chosen[i]!]!.label));
  const decision = { behavior: 'allow', updatedInput: { ...toolInput, answers } };
  return `${JSON.stringify({ hookSpecificOutput: { hookEventName: 'PermissionRequest', decision } })}\n`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
