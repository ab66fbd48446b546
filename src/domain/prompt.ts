/**
 * What the selected agent asks of its user right now, beyond its state: an
 * approval described well enough to decide, or a multiple-choice question
 * the pad can answer. A Pad-Lattice extension (README, "Questions and
 * approval details"): Visual Protocol 1 has no counterpart, so a surface
 * that does not know it simply shows the state glyph.
 */

/** How much an approval can change, computed locally from the tool and its command (src/requests/classify.ts). */
export const APPROVAL_TIERS = ['read_only', 'edit', 'network', 'destructive'] as const;
export type ApprovalTier = (typeof APPROVAL_TIERS)[number];

export const isApprovalTier = (value: unknown): value is ApprovalTier => (APPROVAL_TIERS as readonly unknown[]).includes(value);

/** Options one question may offer on the pad: one pad each, in the 8 rows of the glyph area. */
export const MAX_QUESTION_OPTIONS = 8;
/** Questions one request may ask; the pad shows them one at a time. */
export const MAX_QUESTIONS = 8;

export interface QuestionOption {
  readonly label: string;
  /** '' when the agent gave none. */
  readonly description: string;
}

/** One question of a request, as the agent asked it (texts already bounded for display). */
export interface Question {
  readonly question: string;
  /** A short title ('' when none). */
  readonly header: string;
  /** 1..MAX_QUESTION_OPTIONS options. */
  readonly options: readonly QuestionOption[];
  /**
   * The agent accepts several options: a press on an option pad toggles it,
   * and the Send pad (sendPadIndex) answers with every option toggled on.
   */
  readonly multiSelect: boolean;
}

/**
 * The pad index that sends a multi-select question's answer: the one after
 * its last option. A surface names it in `option_pressed` like an option;
 * null for a single-choice question, where an option press answers at once.
 */
export const sendPadIndex = (question: Question): number | null => (question.multiSelect ? question.options.length : null);

/** The pads a question shows: one per option, plus Send for a multi-select question. */
export const questionPadCount = (question: Question): number => question.options.length + (question.multiSelect ? 1 : 0);

export interface ApprovalPrompt {
  readonly kind: 'approval';
  readonly tier: ApprovalTier;
  /** The tool's name as the agent reports it (`Bash`, `Edit`, …). */
  readonly tool: string;
  /** Sanitized: secrets redacted, whitespace collapsed, truncated. */
  readonly description: string;
}

export interface QuestionPrompt {
  readonly kind: 'question';
  /** Opaque and never reused while the daemon runs; an `option_pressed` event names it. */
  readonly ref: number;
  /** Which question of the request is shown (the first one not answered yet). */
  readonly questionIndex: number;
  readonly questionCount: number;
  readonly question: Question;
  /** The options (0-based, ascending) toggled on so far; always empty for a single-choice question. */
  readonly selected: readonly number[];
}

/**
 * Something short the agent tells its user that is neither an approval nor a
 * question the pad can answer: `denied`, a request its own safety check
 * refused (shown for a few seconds); `answer_in_terminal`, input the pad
 * cannot give (a form with free text), shown until the agent's state changes.
 */
export const NOTICE_KINDS = ['denied', 'answer_in_terminal'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

export const isNoticeKind = (value: unknown): value is NoticeKind => (NOTICE_KINDS as readonly unknown[]).includes(value);

export interface NoticePrompt {
  readonly kind: 'notice';
  readonly notice: NoticeKind;
  /** The tool or form source it is about ('' when none); sanitized. */
  readonly tool: string;
  /** Sanitized: secrets redacted, whitespace collapsed, truncated. */
  readonly description: string;
}

export type SurfacePrompt = ApprovalPrompt | QuestionPrompt | NoticePrompt;
