import { MAX_QUESTION_OPTIONS, MAX_QUESTIONS, type Question } from '../../../domain/index.js';
import type { PadRequest } from './pad-request-kinds.js';
import { userInputParams } from './protocol.js';

/**
 * `item/tool/requestUserInput` (Codex's `request_user_input` tool): 1–3
 * questions, each with options. The pad answers only when it can answer every
 * one: a secret question (`isSecret`) is never shown on a surface, and a
 * question without options, or with more than the pad has rows for, needs the
 * terminal; the whole request then stays there (one answer covers all).
 * The answer is what the TUI sends for a chosen option: its label, as the only
 * entry (the TUI adds a `user_note:` entry only when the user typed a note).
 */
export function userInputOf(params: unknown): { readonly threadId: string; readonly request: PadRequest } | null {
  const parsed = userInputParams.safeParse(params);
  if (!parsed.success) return null;
  const { threadId, questions: asked } = parsed.data;
  const terminal = { threadId, request: { kind: 'terminal', waitsFor: 'reply' } } as const;
  if (asked.length === 0 || asked.length > MAX_QUESTIONS) return terminal;
  const questions: Question[] = [];
  for (const item of asked) {
    const options = item.options ?? [];
    if (item.isSecret === true || options.length === 0 || options.length > MAX_QUESTION_OPTIONS) return terminal;
    if (item.question.trim() === '' || options.some((option) => option.label.trim() === '')) return terminal;
    questions.push({
      question: item.question,
      header: item.header ?? '',
      options: options.map((option) => ({ label: option.label, description: option.description ?? '' })),
      multiSelect: false,
    });
  }
  return {
    threadId,
    request: {
      kind: 'questions',
      questions,
      answer: (chosen) => ({
        answers: Object.fromEntries(asked.map((item, index) => [item.id, { answers: [questions[index]!.options[chosen[index]!]!.label] }])),
      }),
    },
  };
}
