/** The eight identity accents, in their fixed order. A surface with N slots uses the first N. */
export const IDENTITY_ACCENTS = ['cyan', 'magenta', 'lime', 'orange', 'violet', 'teal', 'rose', 'sky'] as const;

export type AccentName = (typeof IDENTITY_ACCENTS)[number];

/** The most Agent Scenes any surface shows. */
export const MAX_SELECTOR_SLOTS = 8;

const ACCENT_SET: ReadonlySet<string> = new Set(IDENTITY_ACCENTS);

export function isAccentName(value: unknown): value is AccentName {
  return typeof value === 'string' && ACCENT_SET.has(value);
}
