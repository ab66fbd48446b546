import { sendPadIndex, type ApprovalTier, type NoticeKind, type SurfacePrompt } from '../../domain/index.js';
import { optionCells, SEND_CELL } from '../../visual-protocol/index.js';
import { WEB_PROTOCOL_VERSION } from '../limits.js';

/*
 * Extension `prompts` (extension-messages.ts): what the selected agent asks,
 * for the browser to draw option numbers on the pads and show the question,
 * its options, and what an approval is for. Texts go to the admin page, and
 * to paired phones only while the admin lets them (`share_details`);
 * otherwise they are null and only the shape (option pads, tier) remains.
 */

export interface PromptOptionJson {
  /** 1-based, as the pad shows it. */
  index: number;
  /** The option's pad in the state canvas. */
  x: number;
  y: number;
  label: string | null;
  description: string | null;
  /** A multi-select question's option toggled on; always false for a single-choice one. */
  chosen: boolean;
}

/** A multi-select question's Send pad: `answer_option` with option `index - 1` sends; enabled once an option is chosen. */
export interface PromptSendJson {
  index: number;
  x: number;
  y: number;
  enabled: boolean;
}

export type PromptJson =
  | { kind: 'approval'; tier: ApprovalTier; tool: string | null; description: string | null }
  | {
      kind: 'question';
      /** What `answer_option` names. */
      ref: number;
      question_index: number;
      question_count: number;
      multi_select: boolean;
      header: string | null;
      question: string | null;
      options: PromptOptionJson[];
      /** Null for a single-choice question. */
      send: PromptSendJson | null;
    }
  | { kind: 'notice'; notice: NoticeKind; tool: string | null; description: string | null };

export interface PromptMessage {
  protocol: 1;
  type: 'prompt';
  prompt: PromptJson | null;
  /** The admin setting: paired phones see the texts too. */
  details_shared: boolean;
}

/** How much of a prompt's text a message carries: all, all but option descriptions (to fit a message), or none. */
export type PromptDetail = 'full' | 'short' | 'none';

export function promptMessage(prompt: SurfacePrompt | undefined, detail: PromptDetail, detailsShared: boolean): PromptMessage {
  return { protocol: WEB_PROTOCOL_VERSION, type: 'prompt', prompt: prompt === undefined ? null : promptJson(prompt, detail), details_shared: detailsShared };
}

const shown = (text: string, detail: PromptDetail): string | null => (detail === 'none' || text === '' ? null : text);

function promptJson(prompt: SurfacePrompt, detail: PromptDetail): PromptJson {
  if (prompt.kind === 'approval') {
    return { kind: 'approval', tier: prompt.tier, tool: shown(prompt.tool, detail), description: shown(prompt.description, detail) };
  }
  if (prompt.kind === 'notice') {
    return { kind: 'notice', notice: prompt.notice, tool: shown(prompt.tool, detail), description: shown(prompt.description, detail) };
  }
  const { question } = prompt;
  const cells = optionCells(question.options.length);
  const send = sendPadIndex(question);
  return {
    kind: 'question',
    ref: prompt.ref,
    question_index: prompt.questionIndex,
    question_count: prompt.questionCount,
    multi_select: question.multiSelect,
    header: shown(question.header, detail),
    question: shown(question.question, detail),
    options: question.options.map((option, i) => ({
      index: i + 1,
      x: cells[i]![0],
      y: cells[i]![1],
      label: shown(option.label, detail),
      description: detail === 'full' ? shown(option.description, detail) : null,
      chosen: prompt.selected.includes(i),
    })),
    send: send === null ? null : { index: send + 1, x: SEND_CELL[0], y: SEND_CELL[1], enabled: prompt.selected.length > 0 },
  };
}
