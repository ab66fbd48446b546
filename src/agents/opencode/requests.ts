import type { Question } from '../../domain/index.js';
import { padQuestionsOf } from '../claude/ask-user-question.js';
import { approvalDetailsOf } from '../shared/approval-details.js';
import { REJECT_MESSAGE, type SurfaceDecision } from '../shared/permission-decision.js';
import { subjectOf } from '../../requests/index.js';
import type { PermissionRequest, QuestionRequest } from './events.js';

/**
 * What the pad shows for an opencode permission request: the permission
 * (`bash`, `edit`, `webfetch` …) as the tool, and what it acts on, from its
 * metadata (the command, the file) or else its patterns.
 */
export function permissionDetails(request: PermissionRequest): { readonly tool: string; readonly detail: string } | undefined {
  const metadata = request.metadata ?? {};
  const input = subjectOf(metadata) !== '' ? metadata : { command: (request.patterns ?? []).join(' ') };
  return approvalDetailsOf(request.permission, input);
}

/** The body of `POST /permission/{id}/reply`: Approve allows this one call (never "always"), Reject tells the model why. */
export function permissionReply(decision: SurfaceDecision): { readonly reply: 'once' | 'reject'; readonly message?: string } {
  return decision === 'approve' ? { reply: 'once' } : { reply: 'reject', message: REJECT_MESSAGE };
}

/** The questions, when the pad can show every one of them (1–8 questions of 1–8 labelled options); else null. */
export function padQuestions(request: QuestionRequest): Question[] | null {
  return padQuestionsOf({ questions: request.questions.map((question) => ({ ...question, multiSelect: question.multiple === true })) });
}

/** The body of `POST /question/{id}/reply`: the chosen option's label for each question, in order. */
export function questionReply(questions: readonly Question[], chosen: readonly (readonly number[])[]): { readonly answers: string[][] } {
  // opencode takes every chosen label of a multiple-answer question.
  return { answers: questions.map((question, index) => (chosen[index] ?? [0]).map((option) => question.options[option]?.label ?? '')) };
}
