import { MAX_QUESTION_OPTIONS, MAX_QUESTIONS, type Question, type QuestionOption } from '../../domain/index.js';
import { isRecord } from './ask-user-question.js';

/*
 * An MCP form (an `elicitation/create` request in form mode, as Claude
 * Code's Elicitation hook gets it: `requested_schema`, a flat JSON Schema
 * object) as questions for the pad, when every field is a choice: a string
 * enum (with `enumNames`, or as `oneOf` of `{const, title}`), a boolean, or an
 * array of enum strings (a multi-select). Anything else (free text, numbers)
 * is left to Claude Code's own form in the terminal.
 */

/** One field of the form, and how a chosen option becomes its value. */
interface FormField {
  readonly name: string;
  /** The value of each option, in order. */
  readonly values: readonly (string | boolean)[];
  /** An array field takes every chosen value; the others take one. */
  readonly many: boolean;
}

export interface PadForm {
  readonly questions: readonly Question[];
  readonly fields: readonly FormField[];
}

/** The form's fields as questions, one per field in schema order, or null when the pad cannot fill it. */
export function padFormOf(schema: unknown, message: string): PadForm | null {
  if (!isRecord(schema) || schema['type'] !== 'object' || !isRecord(schema['properties'])) return null;
  const entries = Object.entries(schema['properties']);
  if (entries.length === 0 || entries.length > MAX_QUESTIONS) return null;
  const questions: Question[] = [];
  const fields: FormField[] = [];
  for (const [name, property] of entries) {
    const field = fieldOf(name, property);
    if (field === null) return null;
    const title = textOf(property, 'title') ?? name;
    // Each question names the form's purpose and its field, so every one reads on its own on the pad.
    questions.push({
      question: `${message} — ${textOf(property, 'description') ?? title}`,
      header: title,
      options: field.options,
      multiSelect: field.field.many,
    });
    fields.push(field.field);
  }
  return { questions, fields };
}

/** The form's content from the options chosen per question (`chosen[i]` for field i). */
export function formContent(form: PadForm, chosen: readonly (readonly number[])[]): Record<string, unknown> {
  const content: Record<string, unknown> = {};
  form.fields.forEach((field, i) => {
    const values = (chosen[i] ?? []).map((option) => field.values[option]);
    content[field.name] = field.many ? values : values[0];
  });
  return content;
}

function fieldOf(name: string, property: unknown): { field: FormField; options: QuestionOption[] } | null {
  if (!isRecord(property)) return null;
  if (property['type'] === 'boolean') {
    return { field: { name, values: [true, false], many: false }, options: [option('Yes'), option('No')] };
  }
  if (property['type'] === 'string') return choices(name, property, false);
  if (property['type'] === 'array' && isRecord(property['items'])) return choices(name, property['items'], true);
  return null;
}

/** `enum` (labelled by `enumNames` when given) or `oneOf`/`anyOf` of `{const, title}`: 1–8 string values. */
function choices(name: string, schema: Record<string, unknown>, many: boolean): { field: FormField; options: QuestionOption[] } | null {
  let values: unknown[] | null = null;
  let labels: unknown[] = [];
  if (Array.isArray(schema['enum'])) {
    values = schema['enum'];
    labels = Array.isArray(schema['enumNames']) ? schema['enumNames'] : [];
  } else {
    const listed = schema['oneOf'] ?? schema['anyOf'];
    if (Array.isArray(listed) && listed.every(isRecord)) {
      values = listed.map((entry) => entry['const']);
      labels = listed.map((entry) => entry['title']);
    }
  }
  if (values === null || values.length === 0 || values.length > MAX_QUESTION_OPTIONS) return null;
  if (!values.every((value): value is string => typeof value === 'string' && value !== '')) return null;
  const options = values.map((value, i) => option(typeof labels[i] === 'string' && labels[i] !== '' ? (labels[i] as string) : value));
  return { field: { name, values, many }, options };
}

const option = (label: string): QuestionOption => ({ label, description: '' });

function textOf(value: unknown, member: string): string | null {
  const text = isRecord(value) ? value[member] : undefined;
  return typeof text === 'string' && text.trim() !== '' ? text : null;
}
