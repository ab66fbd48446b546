import { MAX_QUESTION_OPTIONS, MAX_QUESTIONS, type Question, type QuestionOption } from '../domain/index.js';
import { sanitizeDescription } from '../requests/index.js';
import { isJsonObject, member, type JsonObject } from './json-line.js';
import { invalidMessage } from './protocol-error.js';

/*
 * Field checks of the question extension (`question`, README "Questions and
 * approval details"). Texts are for display only (the agent keeps its own
 * copy and gets indices back), so they are made safe here, at the edge:
 * control characters folded, secrets redacted, length bounded.
 */

/** Display bounds, in code points; the agent's originals are never sent back, so nothing depends on them. */
const QUESTION_LENGTH = 300;
const HEADER_LENGTH = 40;
const LABEL_LENGTH = 80;
const OPTION_DESCRIPTION_LENGTH = 160;

function text(object: JsonObject, field: string, context: string, limit: number, required: boolean): string {
  const value = member(object, field);
  if (value === undefined || value === null) {
    if (required) throw invalidMessage(`${context}.${field} must be a non-empty string`);
    return '';
  }
  if (typeof value !== 'string' || (required && value.trim() === ''))
    throw invalidMessage(`${context}.${field} must be a${required ? ' non-empty' : ''} string`);
  return sanitizeDescription(value, limit);
}

function list(value: unknown, context: string, max: number): unknown[] {
  if (!Array.isArray(value) || value.length === 0 || value.length > max) throw invalidMessage(`${context} must be a JSON array of 1 to ${max} items`);
  return value;
}

function entry(value: unknown, context: string, allowed: readonly string[]): JsonObject {
  if (!isJsonObject(value)) throw invalidMessage(`${context} must be a JSON object`);
  const unknown = Object.keys(value)
    .filter((key) => !allowed.includes(key))
    .sort()[0];
  if (unknown !== undefined) throw invalidMessage(`${context}: unknown field: ${unknown}`);
  return value;
}

function option(value: unknown, context: string): QuestionOption {
  const object = entry(value, context, ['label', 'description']);
  return { label: text(object, 'label', context, LABEL_LENGTH, true), description: text(object, 'description', context, OPTION_DESCRIPTION_LENGTH, false) };
}

function question(value: unknown, context: string): Question {
  const object = entry(value, context, ['question', 'header', 'options', 'multi_select']);
  const multiSelect = member(object, 'multi_select');
  if (multiSelect !== undefined && multiSelect !== null && typeof multiSelect !== 'boolean') throw invalidMessage(`${context}.multi_select must be a boolean`);
  return Object.freeze({
    question: text(object, 'question', context, QUESTION_LENGTH, true),
    header: text(object, 'header', context, HEADER_LENGTH, false),
    options: Object.freeze(
      list(member(object, 'options'), `${context}.options`, MAX_QUESTION_OPTIONS).map((item, i) => option(item, `${context}.options[${i}]`)),
    ),
    multiSelect: multiSelect === true,
  });
}

/** `questions`: 1..8 questions of 1..8 options each. */
export function questionsField(object: JsonObject): readonly Question[] {
  return Object.freeze(list(member(object, 'questions'), 'questions', MAX_QUESTIONS).map((item, i) => question(item, `questions[${i}]`)));
}

/** A required string of an extension message, as the agent sent it (sanitized by the caller). */
export function requiredText(object: JsonObject, field: string): string {
  const value = member(object, field);
  if (typeof value !== 'string' || value.trim() === '') throw invalidMessage(`${field} must be a non-empty string`);
  return value;
}

/** An optional string; absent or null is ''. */
export function optionalText(object: JsonObject, field: string): string {
  const value = member(object, field);
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw invalidMessage(`${field} must be a string`);
  return value;
}
