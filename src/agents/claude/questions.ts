import { answeredInput, ASK_USER_QUESTION, padQuestionsOf, permissionRequestAnswerLine } from './ask-user-question.js';
import { reportState, type HookRun } from './hook-run.js';
import { waitOnPad } from './pad-wait.js';

/*
 * AskUserQuestion (a Pad-Lattice extension) reaches the pad twice over:
 * first from PreToolUse, before Claude Code shows anything, in every
 * permission mode; if the pad gives no answer in time, Claude Code shows
 * its own picker and its PermissionRequest puts the question on the pad
 * again while the picker is up (the first answer wins). Either answer is
 * the tool's input plus the answers.
 */

const ON_PAD = { tool: ASK_USER_QUESTION, endsInPostToolUse: true } as const;

/**
 * PreToolUse: the pad answers and Claude Code shows no picker; without an
 * answer nothing is printed and the picker comes. Esc in the terminal calls
 * the hook off and interrupts the turn; the session already shows
 * `waiting_for_reply`, which is right for both.
 */
export async function askBeforeTheTool(run: HookRun): Promise<void> {
  const questions = padQuestionsOf(run.input.toolInput);
  if (questions === null) return;
  await reportState(run, 'waiting_for_reply');
  const chosen = await waitOnPad(run, questions, ON_PAD);
  if (chosen === null) return;
  await reportState(run, 'running');
  const updatedInput = answeredInput(run.input.toolInput as Record<string, unknown>, questions, chosen);
  const output = { hookEventName: 'PreToolUse', permissionDecision: 'allow', permissionDecisionReason: 'Answered on the pad', updatedInput };
  run.options.writeStdout(`${JSON.stringify({ hookSpecificOutput: output })}\n`);
}

/**
 * PermissionRequest: Claude Code's picker is on screen meanwhile and the
 * first answer wins: answering there calls the hook off (Esc) or leaves it to
 * the tool's PostToolUse. A question the pad cannot show, a daemon without
 * the extension or no answer in time leave it to the terminal.
 */
export async function askBesideThePicker(run: HookRun): Promise<void> {
  await reportState(run, 'waiting_for_reply');
  const questions = padQuestionsOf(run.input.toolInput);
  if (questions === null) return;
  const chosen = await waitOnPad(run, questions, ON_PAD);
  if (chosen === null) return;
  await reportState(run, 'running');
  run.options.writeStdout(permissionRequestAnswerLine(answeredInput(run.input.toolInput as Record<string, unknown>, questions, chosen)));
}
