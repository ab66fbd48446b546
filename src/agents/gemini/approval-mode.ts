/**
 * Whether the user started Gemini in its default approval mode, the only one
 * in which it asks before running shell commands and edits, and so the only
 * one in which the pad gates them: `--yolo`/`-y` and `--approval-mode` with
 * another value (auto_edit, yolo, plan) leave every decision to Gemini.
 */
export function startsInDefaultMode(geminiArgs: readonly string[]): boolean {
  for (let index = 0; index < geminiArgs.length; index += 1) {
    const arg = geminiArgs[index] ?? '';
    if (arg === '--') break;
    if (arg === '--yolo' || arg === '-y') return false;
    if (arg === '--approval-mode') return (geminiArgs[index + 1] ?? 'default') === 'default';
    if (arg.startsWith('--approval-mode=')) return arg.slice('--approval-mode='.length) === 'default';
  }
  return true;
}
