import { cssColorForToken } from '../../visual-protocol/semantic-colors.js';
import { byId, paint, showState } from './dom.js';
import type { SurfaceMessage } from './messages.js';
import type { PressView } from './press-tracker.js';

/**
 * The caption under the pad: which agent the actions go to, and what the last
 * press did ("Approved · reviewer", "nothing was waiting for it").
 */
export function renderSelection(surface: SurfaceMessage | null, presses: PressView, showing: boolean, demo: boolean): void {
  // The Demo's agents are pretend ones; say so where the eye goes after a press.
  byId('selection-eyebrow').textContent = demo ? 'Demo · actions go to' : 'Actions go to';
  const selected = surface?.view.sessions.find((session) => session.selected) ?? null;
  const swatch = byId('selected-swatch');
  const state = byId('selected-state');
  swatch.hidden = selected === null || showing;
  state.hidden = selected === null || showing;
  if (showing) {
    byId('selected-agent').textContent = 'The Show is playing; the pad only displays it.';
  } else if (selected === null) {
    byId('selected-agent').textContent = 'No agent selected: press its Scene button on the right (keys 1–8).';
  } else {
    paint(swatch, cssColorForToken(`accent:${selected.accent}:selected`));
    byId('selected-agent').textContent = `${selected.label} · Scene ${selected.slot + 1}`;
    showState(state, selected.state);
    paint(state, cssColorForToken(`state:${selected.state}:primary`));
  }
  const feedback = byId('press-feedback');
  feedback.textContent = presses.feedback?.text ?? '';
  feedback.dataset['tone'] = presses.feedback?.tone ?? 'info';
}
