import { describe, expect, it } from 'vitest';
import { accepted, cc, firstIssue, firstLine, issuesOf, note, proMk1 } from './helpers.js';

describe('device-profile-schema-1.md §13', () => {
  it('scenario 13: removing one status breaks "equal lengths"', () => {
    expect(firstLine(proMk1((doc) => doc.surface.agent_statuses.pop()))).toMatch(/^surface\.agent_statuses: .*equal lengths \(8 selectors, 7 statuses\)/);
  });

  it('scenario 16: a repeated grid number is a duplicate MIDI address', () => {
    const issue = firstIssue(proMk1((doc) => (doc.grid.rows[0][1] = 81)));
    expect(issue.path).toBe('grid.rows[0][1]');
    expect(issue.message).toBe('duplicate MIDI address: note 81 on channel 0 is already used by grid.rows[0][0]');
  });

  it('scenario 17: grid shape and range errors', () => {
    expect(firstLine(proMk1((doc) => doc.grid.rows.pop()))).toBe('grid.rows: grid must be 8x8 (found 7 rows of 8)');
    const nineWide = proMk1((doc) => doc.grid.rows.forEach((row: number[], y: number) => row.push(100 + y)));
    expect(firstLine(nineWide)).toBe('grid.rows: grid must be 8x8 (found 8 rows of 9)');
    expect(firstLine(proMk1((doc) => doc.grid.rows[3].pop()))).toMatch(/^grid\.rows\[3\]: grid rows must all have the same width/);
    expect(firstLine(proMk1((doc) => (doc.grid.rows[2][5] = 128)))).toBe('grid.rows[2][5]: must be an integer from 0 to 127');
  });

  it('scenario 21: approve on note 71 overlaps the state region; the same note on channel 1 is accepted', () => {
    const issue = firstIssue(proMk1((doc) => (doc.surface.actions.approve = note(71))));
    expect(issue.path).toBe('surface.actions.approve');
    expect(issue.message).toBe('state region overlaps a control address: note 71 on channel 0 is canvas pad grid.rows[1][0]');
    expect(accepted(proMk1((doc) => (doc.surface.actions.approve = note(71, 1)))).surface.actions.approve).toEqual(note(71, 1));
  });

  it('scenario 22: multi-agent needs an overflow indicator and at least two selector slots', () => {
    expect(firstLine(proMk1((doc) => delete doc.surface.indicators.overflow))).toMatch(/^conformance: multi-agent requires an overflow indicator/);
    const oneSlot = proMk1((doc) => {
      doc.surface.agent_selectors.length = 1;
      doc.surface.agent_statuses.length = 1;
      doc.accents.length = 1;
    });
    expect(firstLine(oneSlot)).toBe('conformance: multi-agent needs at least two selector slots (found 1)');
  });

  it('scenario 23: actions conformance lists the unmapped actions in canonical order', () => {
    expect(firstLine(proMk1((doc) => delete doc.surface.actions))).toBe(
      'conformance: actions conformance requires mappings for approve, reject, stop, retry (surface.actions)',
    );
    const approveAndStop = proMk1((doc) => {
      delete doc.surface.actions.approve;
      delete doc.surface.actions.stop;
    });
    expect(firstIssue(approveAndStop).message).toContain('requires mappings for approve, stop ');
  });

  it('scenario 25: an action on a selector address is a duplicate; showcase lights may equal controls', () => {
    const issue = firstIssue(proMk1((doc) => (doc.surface.actions.approve = cc(89))));
    expect(issue.path).toBe('surface.agent_selectors[0]');
    expect(issue.message).toBe('duplicate MIDI address: cc 89 on channel 0 is already used by surface.actions.approve');
    const profile = accepted(proMk1());
    expect(profile.surface.showcase.top[0]).toEqual(profile.surface.actions.approve);
    expect(profile.surface.showcase.right).toEqual(profile.surface.agent_selectors);
  });

  it('scenario 26: the showcase needs eight top and eight right lights, all distinct', () => {
    expect(firstLine(proMk1((doc) => doc.surface.showcase.top.pop()))).toBe(
      'surface.showcase.top: showcase needs exactly eight top and eight right lights (found 7 top)',
    );
    const duplicate = firstIssue(proMk1((doc) => (doc.surface.showcase.right[7] = cc(91))));
    expect(duplicate.path).toBe('surface.showcase.right[7]');
    expect(duplicate.message).toContain('duplicate MIDI address: cc 91 on channel 0');
  });

  it('scenario 27: state region size, range, placement and overlap', () => {
    const region = (edit: Record<string, number>) => proMk1((doc) => Object.assign(doc.surface.state_region, edit));
    expect(firstLine(region({ width: 8 }))).toBe('surface.state_region: state region must be 7x8 (width 7, height 8), found 8x8');
    expect(firstLine(region({ width: 9 }))).toBe('surface.state_region.width: must be an integer from 1 to 8');
    expect(firstLine(region({ x: 8 }))).toBe('surface.state_region.x: must be an integer from 0 to 7');
    expect(firstIssue(region({ x: 2 })).message).toContain('exceeds the grid');
    expect(firstIssue(region({ y: 1 })).message).toContain('exceeds the grid');
    const shifted = firstIssue(region({ x: 1 }));
    expect(shifted.message).toContain('state region overlaps a control address: note 18 on channel 0');
    expect(shifted.path).toBe('surface.agent_statuses[7]');
  });

  it('scenario 33: explicit null is an error for channels, surface.actions and surface.indicators', () => {
    expect(firstLine(proMk1((doc) => (doc.surface.agent_selectors[2].channel = null)))).toBe(
      'surface.agent_selectors[2].channel: must be an integer from 0 to 15',
    );
    expect(firstLine(proMk1((doc) => (doc.grid.channel = null)))).toBe('grid.channel: must be an integer from 0 to 15');
    expect(issuesOf(proMk1((doc) => (doc.surface.actions = null)))[0]).toEqual({
      path: 'surface.actions',
      message: 'must be a JSON object',
    });
    expect(firstLine(proMk1((doc) => (doc.surface.indicators = null)))).toBe('surface.indicators: must be a JSON object');
  });
});
