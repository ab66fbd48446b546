import { EXPECTED_FIGURES, type GuidedTestReport } from '../../diagnostics/guided-test/index.js';
import { AGENT_STATES, type AgentState } from '../../domain/index.js';

/** What a visual check showed, and which part of the profile draws it. */
const VISUAL: Readonly<Record<string, { readonly figure: string; readonly drawnBy: string }>> = {
  idle: { figure: 'a dim three-pad idle dash', drawnBy: "grid.rows (the pads' notes) and palette.idle" },
  overflow: { figure: 'one steady amber overflow indicator', drawnBy: 'surface.indicators.overflow and palette.system.overflow' },
  ...Object.fromEntries(
    AGENT_STATES.map((state: AgentState) => [state, { figure: EXPECTED_FIGURES[state], drawnBy: `grid.rows and palette.states.${state}` }]),
  ),
};

/**
 * One line per failed check of a completed guided test: what failed, why
 * (the answer no, or no press within the timeout) and what to change in the
 * profile, so FAILED is never the whole story. (A test that stopped early
 * ends with its error instead.)
 */
export function failedChecks(report: GuidedTestReport, eventTimeout: number): string[] {
  const id = report.device.profile_id;
  const lines: string[] = [];
  const { visual, actions, selectors } = report.results;
  for (const [check, seen] of Object.entries(visual)) {
    if (seen) continue;
    const { figure, drawnBy } = VISUAL[check] ?? { figure: check, drawnBy: 'grid.rows and the palette' };
    lines.push(
      `visual ${check}: you did not see ${figure}. Fix ${drawnBy} in the profile: 'pad-lattice render --profile ${id}' shows the messages sent for it, compare them with the controller's programmer's manual`,
    );
  }
  const monitor = "to what the control sends ('pad-lattice monitor-midi' shows it as you press)";
  for (const [action, pressed] of Object.entries(actions)) {
    if (pressed) continue;
    lines.push(
      `action ${action}: no press of the ${action.toUpperCase()} control arrived within ${eventTimeout} s. Fix surface.actions.${action} (its kind, channel and number) ${monitor}`,
    );
  }
  for (const [slot, pressed] of Object.entries(selectors)) {
    if (pressed) continue;
    lines.push(`agent selector ${slot}: no press arrived within ${eventTimeout} s. Fix surface.agent_selectors[${Number(slot) - 1}] ${monitor}`);
  }
  return lines;
}

/** How many checks the test made: visual, action and Agent Scene ones. */
export function checkCount(report: GuidedTestReport): number {
  const { visual, actions, selectors } = report.results;
  return Object.keys(visual).length + Object.keys(actions).length + Object.keys(selectors).length;
}
