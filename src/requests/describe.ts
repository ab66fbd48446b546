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

/**
 * A short, safe line for display: secrets redacted (first, on the whole
 * text), control characters and whitespace runs folded into single spaces,
 * then cut to `limit` code points with `…`. Idempotent.
 */
export function sanitizeDescription(text: string, limit = MAX_DESCRIPTION_LENGTH): string {
  const redacted = redactSecrets(text.slice(0, SCANNED_LENGTH));
  // \p{C}: control, format (bidi, zero-width), unassigned and private-use characters.
  const folded = redacted.replace(/[\s\p{C}]+/gu, ' ').trim();
  const points = [...folded];
  return points.length <= limit
    ? folded
    : `${points
        .slice(0, limit - 1)
        .join('')
        .trimEnd()}…`;
}

/** A tool name fit for display: no control characters, bounded. */
export function sanitizeToolName(tool: string): string {
  return sanitizeDescription(tool, MAX_TOOL_NAME_LENGTH);
}
