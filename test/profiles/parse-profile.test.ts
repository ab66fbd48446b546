import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PALETTE_TOKENS } from '../../src/domain/index.js';
import { controlAt, gridAddress, parseDeviceProfile, parseDeviceProfileOrThrow, ProfileValidationError, slug } from '../../src/profiles/index.js';
import { accepted, builtinJson, cc, issuesOf, note, proMk1 } from './helpers.js';

describe('parseDeviceProfile', () => {
  it('rejects a document that is not a JSON object (V1)', () => {
    for (const document of [[1, 2], null, 'profile', 7]) {
      expect(issuesOf(document)).toEqual([{ path: '', message: 'top-level profile must be a JSON object' }]);
    }
  });

  it('reports every broken rule of every section at once, in the spec evaluation order', () => {
    const doc = proMk1((d) => {
      d.capabilities.text_scroll = 'yes';
      d.accents[2].name = 'gold';
      d.surface.actions.approve = cc(89);
      d.grid.rows[7][7] = 11;
      d.driver = 'x';
      delete d.name;
    });
    expect(issuesOf(doc).map((issue) => issue.path)).toEqual([
      'name',
      'driver',
      'grid.rows[7][7]',
      'surface.agent_selectors[0]',
      'accents',
      'capabilities.text_scroll',
    ]);
  });

  it('runs the cross-field rules of the sections that are valid even when another section is broken', () => {
    const doc = proMk1((d) => {
      d.palette = 'none';
      d.surface.agent_selectors[1] = cc(91);
    });
    expect(issuesOf(doc).map((issue) => issue.path)).toEqual(['surface.agent_selectors[1]', 'palette']);
  });

  it('refuses unknown keys at every level, each with the known key a typo probably meant', () => {
    const issues = issuesOf(
      proMk1((d) => {
        Object.assign(d, { comment: 'mine', statsu: 'x' });
        d.grid.rowz = [];
        d.surface.agent_selectors[0].chanel = 1;
        d.palette.states.running.primray = 1;
      }),
    );
    expect(issues.map((issue) => `${issue.path}: ${issue.message}`)).toEqual([
      ': unknown keys: comment, statsu (did you mean status?)',
      'grid: unknown keys: rowz (did you mean rows?)',
      'surface.agent_selectors[0]: unknown keys: chanel (did you mean channel?)',
      'palette.states.running: unknown keys: primray (did you mean primary?)',
    ]);
  });

  it('accepts a top-level $schema for editors', () => {
    expect(accepted(proMk1((d) => (d.$schema = 'https://example.test/device-profile.schema.json'))).id).toBe('novation/launchpad/pro-mk1');
  });

  it('fills the defaults: channels 0, empty actions/indicators/messages, text_scroll true', () => {
    const profile = accepted(
      proMk1((d) => {
        delete d.grid.channel;
        delete d.surface.agent_selectors[0].channel;
        delete d.messages;
        delete d.capabilities;
        d.conformance = ['core-state'];
        delete d.surface.actions;
        delete d.surface.indicators;
      }),
    );
    expect(profile.grid.channel).toBe(0);
    expect(profile.surface.agent_selectors[0]).toEqual(cc(89));
    expect(profile.surface.actions).toEqual({});
    expect(profile.surface.indicators).toEqual({});
    expect(profile.messages).toEqual({ startup: [], clear: [], shutdown: [] });
    expect(profile.capabilities).toEqual({ text_scroll: true });
  });

  it('returns a deeply frozen profile', () => {
    const profile = accepted(proMk1());
    expect(Object.isFrozen(profile)).toBe(true);
    expect(Object.isFrozen(profile.grid.rows[0])).toBe(true);
    expect(Object.isFrozen(profile.surface.actions.approve)).toBe(true);
    expect(() => {
      (profile.grid.rows[0] as number[])[0] = 1;
    }).toThrow(TypeError);
  });

  it('builds the lookup tables once: controls, roles, colours in PALETTE_TOKENS order, accents', () => {
    const profile = accepted(proMk1());
    expect(controlAt(profile, cc(91))).toEqual({ role: 'action', action: 'approve' });
    expect(controlAt(profile, cc(79))).toEqual({ role: 'selector', slot: 1 });
    expect(controlAt(profile, cc(79, 1))).toBeUndefined();
    expect(controlAt(profile, note(88))).toBeUndefined();
    expect(profile.lookup.roles.get('note:0:88')).toEqual([
      { role: 'grid', x: 7, y: 0 },
      { role: 'status', slot: 0 },
    ]);
    expect(profile.lookup.roles.get('cc:0:95')).toEqual([{ role: 'overflow' }, { role: 'showcase-top', index: 4 }]);
    expect([...profile.lookup.colors.keys()]).toEqual(PALETTE_TOKENS);
    expect(profile.lookup.colors.get('action:retry:enabled')).toBe(45);
    expect(profile.lookup.accents.get('orange')).toEqual({ selected: 9, unselected: 11 });
    expect(gridAddress(profile, 0, 0)).toEqual(note(81));
    expect(gridAddress(profile, 7, 7)).toEqual(note(18));
  });

  it('parseDeviceProfileOrThrow throws one error carrying every issue, each line prefixed by the source', () => {
    const doc = proMk1((d) => {
      d.status = 'beta';
      d.grid.kind = 'pc';
    });
    const thrown = (() => {
      try {
        parseDeviceProfileOrThrow(doc, 'mine.json');
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(thrown).toBeInstanceOf(ProfileValidationError);
    expect((thrown as ProfileValidationError).issues).toHaveLength(2);
    expect((thrown as Error).message).toBe(
      "mine.json: status: unsupported status 'beta' (expected supported or experimental)\nmine.json: grid.kind: must be 'note' or 'cc'",
    );
  });

  it('accepts 1.0 as the integer 1 (JSON.parse cannot tell them apart; spec §3)', () => {
    expect(parseDeviceProfile(JSON.parse(JSON.stringify(proMk1()).replace('"schema_version":1', '"schema_version":1.0'))).ok).toBe(true);
  });

  it('names a missing required top-level key as the first issue, whichever it is', () => {
    const required = Object.keys(builtinJson('novation/launchpad/pro-mk1')).filter(
      (key) => !['messages', 'capabilities', 'usb', 'max_messages_per_second'].includes(key),
    );
    fc.assert(
      fc.property(fc.constantFrom(...required), (key) => {
        const issues = issuesOf(proMk1((d) => delete d[key]));
        expect(issues[0]?.path).toBe(key);
        expect(issues[0]?.message).toMatch(/\(missing\)$/);
      }),
    );
  });
});

describe('slug (device-profile-schema-1.md §2.1)', () => {
  it('follows the examples of the spec', () => {
    expect(['Novation', 'Pro Mk1', 'Mini Mk3', '  PRO   mk1!! ', 'Mk_3', 'Növation'].map(slug)).toEqual([
      'novation',
      'pro-mk1',
      'mini-mk3',
      'pro-mk1',
      'mk-3',
      'n-vation',
    ]);
  });
});
