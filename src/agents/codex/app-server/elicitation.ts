import { z } from 'zod';
import { MAX_QUESTION_OPTIONS, MAX_QUESTIONS, type Question } from '../../../domain/index.js';
import type { PadRequest } from './pad-request-kinds.js';
import { elicitationParams } from './protocol.js';

/*
 * `mcpServer/elicitation/request`: an MCP server asks the user through Codex.
 * Two kinds reach the pad. Codex's own approval of an MCP tool call (form
 * mode, `_meta.codex_approval_kind: "mcp_tool_call"`, no fields) is an
 * approval. A form whose fields are all choices — an enum (`enum`, `oneOf`
 * of consts, or `enum` with `enumNames`) or a boolean — becomes one question
 * per field; a free-text, number or multi-select field it must fill makes the
 * whole form the terminal's, and one it may leave out is left out. URL and
 * other modes stay in the terminal.
 */

const choiceValue = z.union([z.string(), z.number()]);
const fieldSchema = z.object({
  type: z.string().optional(),
  title: z.string().optional(),
  description: z.string().optional(),
  enum: z.array(choiceValue).optional(),
  enumNames: z.array(z.string()).optional(),
  oneOf: z.array(z.object({ const: choiceValue, title: z.string().optional() })).optional(),
});
const formSchema = z.object({ properties: z.record(z.string(), z.unknown()).optional(), required: z.array(z.string()).optional() });
const toolCallMeta = z.object({
  codex_approval_kind: z.literal('mcp_tool_call'),
  tool_name: z.string().optional(),
  tool_params_display: z.array(z.object({ name: z.string().optional(), display_name: z.string().optional(), value: z.unknown() })).optional(),
});

interface Choice {
  readonly label: string;
  readonly value: string | number | boolean;
}

export function elicitationOf(params: unknown): { readonly threadId: string; readonly request: PadRequest } | null {
  const parsed = elicitationParams.safeParse(params);
  if (!parsed.success) return null;
  const { threadId, serverName, mode, message = '', requestedSchema, _meta } = parsed.data;
  const terminal = { threadId, request: { kind: 'terminal', waitsFor: 'reply' } } as const;
  const form = formSchema.safeParse(requestedSchema);
  if (mode !== 'form' || !form.success) return terminal;
  const fields = Object.entries(form.data.properties ?? {});
  const toolCall = toolCallMeta.safeParse(_meta);
  if (toolCall.success && fields.length === 0) {
    const tool = toolCall.data.tool_name ?? 'tool';
    const shown = (toolCall.data.tool_params_display ?? []).map((param) => `${param.display_name ?? param.name ?? ''}=${displayValue(param.value)}`);
    return {
      threadId,
      request: {
        kind: 'approval',
        tool: `mcp__${serverName}__${tool}`,
        detail: shown.length === 0 ? message : `${shown.join(', ')} — ${message}`,
        answer: (choice) => (choice === 'approve' ? { action: 'accept', content: {}, _meta: null } : { action: 'decline', content: null, _meta: null }),
      },
    };
  }
  const required = new Set(form.data.required ?? []);
  const asked: { readonly name: string; readonly field: z.infer<typeof fieldSchema>; readonly choices: readonly Choice[] }[] = [];
  for (const [name, raw] of fields) {
    const field = fieldSchema.safeParse(raw);
    const choices = field.success ? choicesOf(field.data) : null;
    if (!field.success || choices === null || choices.length === 0 || choices.length > MAX_QUESTION_OPTIONS) {
      if (required.has(name)) return terminal;
      continue;
    }
    asked.push({ name, field: field.data, choices });
  }
  if (asked.length === 0 || asked.length > MAX_QUESTIONS) return terminal;
  return {
    threadId,
    request: {
      kind: 'questions',
      questions: asked.map((entry) => questionOf(entry.name, entry.field, entry.choices, message, asked.length === 1)),
      answer: (chosen) => ({
        action: 'accept',
        content: Object.fromEntries(asked.map((entry, index) => [entry.name, entry.choices[chosen[index]!]!.value])),
        _meta: null,
      }),
    },
  };
}

/** One field as a question: alone, it reads as the form's message; one of several adds what its field asks. */
function questionOf(name: string, field: z.infer<typeof fieldSchema>, choices: readonly Choice[], message: string, alone: boolean): Question {
  const title = field.title ?? name;
  const asks = field.description ?? title;
  return {
    question: message === '' ? asks : alone ? message : `${message} — ${asks}`,
    header: title,
    options: choices.map((choice) => ({ label: choice.label, description: '' })),
    multiSelect: false,
  };
}

/** The options of a choice field, or null for a field the pad cannot fill. */
function choicesOf(field: z.infer<typeof fieldSchema>): Choice[] | null {
  if (field.type === 'boolean')
    return [
      { label: 'Yes', value: true },
      { label: 'No', value: false },
    ];
  if (field.type !== 'string' && field.type !== 'number' && field.type !== 'integer') return null;
  if (field.oneOf !== undefined) return field.oneOf.map((option) => ({ label: option.title ?? String(option.const), value: option.const }));
  if (field.enum !== undefined) return field.enum.map((value, index) => ({ label: field.enumNames?.[index] ?? String(value), value }));
  return null;
}

function displayValue(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}
