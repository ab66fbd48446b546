import { IDLE_EXPERIENCE_VIEW, type ExperienceView } from '../../../src/web/index.js';

/** An experience view with the idle defaults and the given fields. */
export function makeExperienceView(fields: Partial<ExperienceView>): ExperienceView {
  return { ...IDLE_EXPERIENCE_VIEW, ...fields };
}
