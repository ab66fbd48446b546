/**
 * What an agent asks of its user, made fit to show: a tool call described
 * in one short line with secrets redacted, and its approval tier. Pure: no
 * I/O. Used by the agent adapters (before anything leaves the agent's
 * machine) and again by the daemon at its edge (for every other client).
 */
export { REDACTED, redactSecrets } from './redact.js';
export { MAX_DESCRIPTION_LENGTH, MAX_TOOL_NAME_LENGTH, sanitizeCommand, sanitizeDescription, sanitizeToolName, subjectOf } from './describe.js';
export { classifyToolCall, SCANNED_COMMAND_LENGTH } from './classify.js';
