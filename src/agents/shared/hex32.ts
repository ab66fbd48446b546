import { randomUUID } from 'node:crypto';

/** A fresh `request_id` / `lease_id` / codex-exec session id: a random UUID v4 without dashes (agent-adapters.md §1.4). */
export function hex32(): string {
  return randomUUID().replaceAll('-', '');
}
