import AjvModule from 'ajv';
import { formContent, padFormOf } from './elicitation-form.js';
import { isRecord } from './ask-user-question.js';
import { calledOff, quietly, reportState, type HookRun } from './hook-run.js';
import { waitOnPad } from './pad-wait.js';
import { ELICITATION_WAITER } from './permission-prompt.js';

// ajv ships CommonJS: the default import is module.exports, whose `default` is the class.
const Ajv = AjvModule.default;

/*
 * An MCP server's form (the Elicitation hook, Claude Code 2.1.76 and later):
 * a form whose every field is a choice goes on the pad as one question per
 * field, and the pad's answers accept it with that content. Any other form,
 * a URL request, or no answer in time leave it to Claude Code's own form in
 * the terminal, and the pad says so. While the hook waits Claude Code shows
 * no form; Esc in the terminal cancels it.
 */

export async function fillFormOnPad(run: HookRun): Promise<void> {
  const { input } = run;
  const source = `MCP server “${input.mcpServerName ?? 'unknown'}”`;
  const message = input.message ?? 'Input requested';
  await reportState(run, 'waiting_for_reply');
  // A URL request (`mode: "url"`) is for the terminal; a form says `form` (or, from a version that names no mode, nothing).
  const form = input.elicitationMode === 'url' ? null : padFormOf(input.requestedSchema, message);
  const chosen = form === null ? null : await waitOnPad(run, form.questions, { tool: ELICITATION_WAITER, endsInPostToolUse: false });
  const content = form === null || chosen === null ? null : formContent(form, chosen);
  if (content === null || !fitsSchema(input.requestedSchema, content)) {
    if (!calledOff(run)) await quietly(run.client.notice({ agent: run.report.identity, notice: 'answer_in_terminal', tool: source, detail: message }));
    return;
  }
  await reportState(run, 'running');
  run.options.writeStdout(`${JSON.stringify({ hookSpecificOutput: { hookEventName: 'Elicitation', action: 'accept', content } })}\n`);
}

/**
 * Claude Code hands a hook's content to the server unchecked, and the server
 * refuses what breaks its schema (the tool call then fails): check it here,
 * against the whole schema (required fields, item counts), before answering.
 */
function fitsSchema(schema: unknown, content: Record<string, unknown>): boolean {
  if (!isRecord(schema)) return false;
  // The draft a `$schema` names does not matter for the keywords a form may use; ajv would refuse one it does not know.
  const { $schema: _draft, ...rest } = schema;
  try {
    return new Ajv({ strict: false }).compile(rest)(content) === true;
  } catch {
    return false;
  }
}
