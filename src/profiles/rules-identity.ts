import type { ProfileParts, Report } from './rule-context.js';
import { slug } from './slug.js';

/** V9: the id must be slug(manufacturer)/slug(family)/slug(model). */
export function checkIdMatchesMetadata(parts: ProfileParts, report: Report): void {
  const { id, manufacturer, family, model } = parts;
  if (id === undefined || manufacturer === undefined || family === undefined || model === undefined) return;
  const expected = [manufacturer, family, model].map(slug).join('/');
  if (id !== expected) {
    report(9, 'id', `'${id}' does not match profile metadata (expected '${expected}' from manufacturer, family and model)`);
  }
}
