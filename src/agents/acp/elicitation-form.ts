import { MAX_QUESTION_OPTIONS, MAX_QUESTIONS, type Question } from '../../domain/index.js';
import { CreateElicitationRequest, ElicitationPropertySchema, type ElicitationContentValue } from './protocol.js';

/** One form field as a pad question: the field's name and the value each option stands for. */
interface FieldChoice {
  readonly name: string;
  readonly values: readonly ElicitationContentValue[];
}

/** An `elicitation/create` form the pad can answer whole: one question per field. */
export interface PadForm {
  readonly sessionId: string;
  readonly questions: readonly Question[];
  readonly fields: readonly FieldChoice[];
}

/**
 * The form as option pads, when every field is a choice (a string enum, or
 * a boolean as Yes/No) of at most 8 options and there are at most 8 fields;
 * otherwise null and the editor alone shows it (free text, numbers,
 * multi-select and URL requests are the editor's). The request is checked
 * with the SDK's own validators.
 */
export function padFormOf(params: unknown): PadForm | null {
  const request = params as CreateElicitationRequest;
  if (!CreateElicitationRequest.isForm(request) || !('sessionId' in request)) return null;
  const properties = Object.entries(request.requestedSchema.properties ?? {});
  if (properties.length === 0 || properties.length > MAX_QUESTIONS) return null;
  const questions: Question[] = [];
  const fields: FieldChoice[] = [];
  for (const [name, schema] of properties) {
    const choice = choiceOf(schema);
    if (choice === null) return null;
    questions.push({
      question: choice.title ?? name,
      header: request.message,
      options: choice.labels.map((label) => ({ label, description: '' })),
      multiSelect: false,
    });
    fields.push({ name, values: choice.values });
  }
  return { sessionId: request.sessionId, questions, fields };
}

/** The `accept` content for the options chosen, one per question in order. */
export function formContent(form: PadForm, chosen: readonly number[]): Record<string, ElicitationContentValue> {
  const content: Record<string, ElicitationContentValue> = {};
  form.fields.forEach((field, i) => {
    const value = field.values[chosen[i] ?? -1];
    if (value !== undefined) content[field.name] = value;
  });
  return content;
}

interface Choice {
  readonly title: string | null;
  readonly labels: readonly string[];
  readonly values: readonly ElicitationContentValue[];
}

function choiceOf(schema: ElicitationPropertySchema): Choice | null {
  if (ElicitationPropertySchema.isBoolean(schema)) return { title: titleOf(schema), labels: ['Yes', 'No'], values: [true, false] };
  if (!ElicitationPropertySchema.isString(schema)) return null;
  const titled = schema.oneOf?.map((option) => ({ label: option.title, value: option.const }));
  const listed = schema.enum?.map((value) => ({ label: value, value }));
  const options = titled ?? listed;
  if (options === undefined || options.length === 0 || options.length > MAX_QUESTION_OPTIONS) return null;
  if (options.some((option) => option.label.trim() === '')) return null;
  return { title: titleOf(schema), labels: options.map((o) => o.label), values: options.map((o) => o.value) };
}

function titleOf(schema: { readonly title?: string | null; readonly description?: string | null }): string | null {
  const text = schema.title ?? schema.description ?? null;
  return text === null || text.trim() === '' ? null : text;
}
