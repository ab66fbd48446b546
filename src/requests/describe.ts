import { redactSecrets } from './redact.js';

/** The longest description shown (code points, `…` included). */
export const MAX_DESCRIPTION_LENGTH = 160;
/** Longest tool name kept. */
export const MAX_TOOL_NAME_LENGTH = 64;
/**
 * Text beyond this is never looked at: redaction runs before truncation (a
 * secret cut in half could escape its pattern), and this bounds its work on
 * a long command; nothing past it could be shown anyway.
 */
const SCANNED_LENGTH = 4096;

/** The members of a tool's input that say what it acts on, most telling first. */
const SUBJECT_MEMBERS = ['command', 'file_path', 'notebook_path', 'path', 'url', 'query', 'pattern', 'description'] as const;

/** What a tool call acts on, as the agent gave it: a command, a file, a URL … (unredacted), or ''. */
export function subjectOf(toolInput: unknown): string {
  if (toolInput === null || typeof toolInput !== 'object' || Array.isArray(toolInput)) return '';
  const input = toolInput as Record<string, unknown>;
  for (const name of SUBJECT_MEMBERS) {
    const value = input[name];
    if (typeof value === 'string' && value.trim() !== '') return value;
    // Some agents pass argv as a list of words.
    if (Array.isArray(value) && value.length > 0 && value.every((word) => typeof word === 'string')) return value.join(' ');
  }
  return '';
}

/** Control characters and whitespace runs, folded into single spaces. \p{C}: control, format (bidi, zero-width), unassigned and private-use. */
function foldLine(text: string): string {
  return text.replace(/[\s\p{C}]+/gu, ' ').trim();
}

/** `text` cut to `limit` code points, ending with `…` when cut. */
function cut(text: string, limit: number): string {
  const points = [...text];
  return points.length <= limit
    ? text
    : `${points
        .slice(0, limit - 1)
        .join('')
        .trimEnd()}…`;
}

/**
 * A short, safe line for display: secrets redacted (first, on the whole
 * text), control characters and whitespace runs folded into single spaces,
 * then cut to `limit` code points with `…`. Idempotent.
 */
export function sanitizeDescription(text: string, limit = MAX_DESCRIPTION_LENGTH): string {
  return cut(foldLine(redactSecrets(text.slice(0, SCANNED_LENGTH))), limit);
}

/**
 * A command as the approval panel shows it: like sanitizeDescription, but
 * each line break stays one (blank lines dropped), because the shell runs
 * each line as a command of its own and a user must see that `rm` is a
 * second command, not an argument of the first. A lone carriage return or a
 * Unicode line separator is no line break to the shell, and is folded.
 */
export function sanitizeCommand(text: string, limit = MAX_DESCRIPTION_LENGTH): string {
  const lines = redactSecrets(text.slice(0, SCANNED_LENGTH))
    .split(/\r?\n/)
    .map(foldLine)
    .filter((line) => line !== '');
  return cut(lines.join('\n'), limit);
}

/** A tool name fit for display: no control characters, bounded. */
export function sanitizeToolName(tool: string): string {
  return sanitizeDescription(tool, MAX_TOOL_NAME_LENGTH);
}
