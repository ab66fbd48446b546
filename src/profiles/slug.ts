/**
 * The slug used for the profile id cross-check (spec §2.1): lower-case, every
 * run of characters outside a–z/0–9 becomes one `-`, no leading or trailing `-`.
 * Non-ASCII letters count as separators (`Növation` → `n-vation`), as in the reference.
 */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
