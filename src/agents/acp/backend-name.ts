import { basename } from 'node:path';

/** Longest backend name kept: it is part of the session's identity, not a display text. */
const MAX_BACKEND_LENGTH = 32;

/**
 * The backend of the agent's sessions: the name its `initialize` answer
 * gives (`gemini-cli`, `OpenCode` → `opencode`), else the command's file
 * name, as a short lowercase word of letters, digits, `.`, `_` and `-`.
 */
export function backendName(agentName: string | null, command: string): string {
  return slug(agentName ?? '') || slug(basename(command)) || 'acp';
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, MAX_BACKEND_LENGTH);
}
