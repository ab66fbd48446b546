import { describe, expect, it } from 'vitest';
import { accepted, firstIssue, firstLine, issuesOf, note, proMk1 } from './helpers.js';

describe('device-profile-schema-1.md §13', () => {
  it('scenario 18: removing one accent asks for exactly 8 named color pairs', () => {
    expect(firstLine(proMk1((doc) => doc.accents.pop()))).toBe('accents: must have exactly 8 named color pairs, one per selector slot (found 7)');
  });

  it('scenario 19: accent order, unknown, duplicate and non-slug names', () => {
    const swapped = proMk1((doc) => ([doc.accents[0].name, doc.accents[1].name] = ['magenta', 'cyan']));
    expect(firstIssue(swapped).message).toContain('Visual Protocol order');
    expect(firstIssue(swapped).message).toContain('expected cyan, magenta, lime');
    expect(firstIssue(proMk1((doc) => (doc.accents[4].name = 'gold'))).message).toContain('Visual Protocol order');
    expect(firstLine(proMk1((doc) => (doc.accents[3].name = 'cyan')))).toBe("accents[3].name: accents must have unique names ('cyan' is also accents[0])");
    expect(firstLine(proMk1((doc) => (doc.accents[0].name = 'Cyan')))).toBe('accents[0].name: must be a lowercase slug (e.g. cyan)');
  });

  it('scenario 24: conformance must be non-empty, known, include core-state; duplicates are accepted', () => {
    expect(firstLine(proMk1((doc) => (doc.conformance = [])))).toBe('conformance: must be a non-empty string array');
    expect(firstLine(proMk1((doc) => (doc.conformance = ['actions'])))).toBe('conformance: must include core-state');
    expect(firstIssue(proMk1((doc) => doc.conformance.push('zeta', 'alpha', 'zeta'))).message).toMatch(/^unknown levels: alpha, zeta /);
    const duplicated = accepted(proMk1((doc) => doc.conformance.push('core-state', 'actions')));
    expect([...duplicated.lookup.conformance].sort()).toEqual(['actions', 'core-state', 'multi-agent']);
  });

  it('scenario 28: palette sections, states and values', () => {
    expect(firstLine(proMk1((doc) => (doc.palette.flash = { on: 1 })))).toBe('palette: unknown sections: flash');
    expect(firstLine(proMk1((doc) => (doc.palette.states.sleeping = { primary: 1, summary: 1 })))).toBe('palette.states: unknown states: sleeping');
    expect(firstLine(proMk1((doc) => delete doc.palette.states.cancelled))).toBe('palette.states.cancelled: must be a JSON object (missing)');
    expect(firstLine(proMk1((doc) => delete doc.palette.states.error.summary))).toBe(
      'palette.states.error.summary: must be an integer from 0 to 127 (missing)',
    );
    // Deviation (issue #16): the reference parser ignores an extra key inside a state
    // object; ours refuses every unknown key, as the published JSON Schema does.
    expect(firstLine(proMk1((doc) => (doc.palette.states.running.glow = 9)))).toBe('palette.states.running: unknown keys: glow');
  });

  it('scenario 29: show_rgb fields and ranges; null means absent', () => {
    const rgb = (edit: (showRgb: Record<string, unknown>) => void) => proMk1((doc) => edit(doc.capabilities.show_rgb));
    expect(firstLine(rgb((s) => Object.assign(s, { zulu: 1, alpha: 2 })))).toBe('capabilities.show_rgb: unknown fields: alpha, zulu');
    expect(firstLine(rgb((s) => (s.sysex_prefix = [])))).toBe('capabilities.show_rgb.sysex_prefix: must be a non-empty array of integers from 0 to 127');
    expect(firstLine(rgb((s) => (s.sysex_prefix = [240, 0, 32])))).toBe('capabilities.show_rgb.sysex_prefix[0]: must be an integer from 0 to 127');
    // The text goes on to name the extension that allows up to 255 (split channels).
    for (const channelMax of [0, 128]) {
      expect(firstLine(rgb((s) => (s.channel_max = channelMax)))).toMatch(/^capabilities\.show_rgb\.channel_max: must be an integer from 1 to 127 /);
    }
    expect(firstLine(rgb((s) => (s.batch_size = 128)))).toBe('capabilities.show_rgb.batch_size: must be an integer from 1 to 127');
    expect(accepted(proMk1((doc) => (doc.capabilities.show_rgb = null))).capabilities.show_rgb).toBeUndefined();
  });

  it('scenario 30: with show_rgb, show numbers must be unique by number alone', () => {
    const clash = (doc: Record<string, any>) => (doc.surface.showcase.top[2] = note(11, 3));
    const issue = firstIssue(proMk1(clash));
    expect(issue.path).toBe('surface.showcase.top[2]');
    expect(issue.message).toContain('unique numeric show addresses');
    expect(issue.message).toContain('number 11 is also used by grid.rows[7][0]');
    accepted(
      proMk1((doc) => {
        clash(doc);
        delete doc.capabilities.show_rgb;
      }),
    );
  });

  it('scenario 31: messages defaults, nulls, command types and ranges', () => {
    const noMessages = accepted(proMk1((doc) => delete doc.messages));
    expect(noMessages.messages).toEqual({ startup: [], clear: [], shutdown: [] });
    expect(firstLine(proMk1((doc) => (doc.messages = null)))).toBe('messages: must be a JSON object');
    expect(firstLine(proMk1((doc) => (doc.messages.clear = [{ type: 'pc', number: 1 }])))).toBe("messages.clear[0].type: must be 'sysex', 'note', or 'cc'");
    expect(firstLine(proMk1((doc) => (doc.messages.clear = [{ type: 'note', number: 1 }])))).toBe(
      'messages.clear[0].value: must be an integer from 0 to 127 (missing)',
    );
    expect(firstLine(proMk1((doc) => (doc.messages.startup[1].data[6] = 240)))).toBe('messages.startup[1].data[6]: must be an integer from 0 to 127');
    const emptySysex = accepted(proMk1((doc) => (doc.messages.clear = [{ type: 'sysex', data: [] }])));
    expect(emptySysex.messages.clear).toEqual([{ type: 'sysex', data: [] }]);
    // Deviation (issue #16): an unknown messages key is refused rather than ignored.
    expect(firstLine(proMk1((doc) => (doc.messages.greeting = [])))).toBe('messages: unknown keys: greeting');
  });

  it('scenario 32: capabilities defaults, text_scroll type, unknown keys', () => {
    const defaults = accepted(proMk1((doc) => delete doc.capabilities));
    expect(defaults.capabilities.text_scroll).toBe(true);
    expect(defaults.capabilities.show_rgb).toBeUndefined();
    expect(firstLine(proMk1((doc) => (doc.capabilities.text_scroll = 'yes')))).toBe('capabilities.text_scroll: must be boolean');
    // Deviation (issue #16): unknown capabilities are refused, a misspelt one with the key it meant.
    expect(firstLine(proMk1((doc) => (doc.capabilities.aftertouch = true)))).toBe('capabilities: unknown keys: aftertouch');
    expect(
      firstLine(
        proMk1((doc) => {
          doc.capabilities.show_rbg = doc.capabilities.show_rgb;
          delete doc.capabilities.show_rgb;
        }),
      ),
    ).toBe('capabilities: unknown keys: show_rbg (did you mean show_rgb?)');
    expect(issuesOf(proMk1())).toEqual([]);
  });
});
