import { createHash } from 'node:crypto';
import { lstatSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeSettingsFile } from '../../src/agents/claude/settings.js';
import { HooksFileError, removeLegacyHooks } from '../../src/agents/codex/legacy-hooks-file.js';
import { FOREIGN_UID, foreignFile, sharedFolder } from '../helpers/planted.js';
import { tempDirsPerTest } from '../helpers/temp-dirs.js';

// Issue 21.2: the files the agent commands write never follow a planted link nor take over another user's file.
const tempDir = tempDirsPerTest('pl-agent-planted-');

const shared = () => sharedFolder(tempDir());

const settings = { hooks: { Stop: [{ hooks: [{ type: 'command', command: 'pad-lattice-hook', timeout: 5 }] }] } };
const settingsHash = createHash('sha256')
  .update(`${JSON.stringify(settings)}\n`)
  .digest('hex')
  .slice(0, 16);

const legacyHooks = () =>
  JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'pad-lattice-hook --socket /tmp/x.sock --approval-timeout 60' }] }] } });

describe('Claude Code settings file', () => {
  it('is written without following links planted at the staging names', () => {
    const { dir, victim } = shared();
    for (let pid = process.pid - 2; pid <= process.pid + 2; pid++) symlinkSync(victim, join(dir, `.claude-settings-${settingsHash}-${pid}.tmp`));
    const path = writeSettingsFile(dir, settings);
    expect(readFileSync(victim, 'utf8')).toBe('precious\n');
    expect(lstatSync(path).isFile()).toBe(true);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual(settings);
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it("refuses to replace another user's file at its name", () => {
    const { dir } = shared();
    const path = join(dir, `claude-settings-${settingsHash}.json`);
    foreignFile(path, '{"hooks":{}}\n');
    expect(() => writeSettingsFile(dir, settings)).toThrow(/belongs to another user/);
    expect(readFileSync(path, 'utf8')).toBe('{"hooks":{}}\n');
    expect(statSync(path).uid).toBe(FOREIGN_UID);
  });
});

describe('Codex hooks file cleanup', () => {
  it('rewrites without following a link planted at the old staging name', () => {
    const { dir, victim } = shared();
    const path = join(dir, 'hooks.json');
    writeFileSync(path, legacyHooks());
    symlinkSync(victim, join(dir, '.hooks.json.tmp'));
    expect(removeLegacyHooks(path)).toBe(true);
    expect(readFileSync(victim, 'utf8')).toBe('precious\n');
    expect(readFileSync(path, 'utf8')).toBe('{}\n');
  });

  it("refuses to rewrite another user's hooks file, with a HooksFileError", () => {
    const { dir } = shared();
    const path = join(dir, 'hooks.json');
    foreignFile(path, legacyHooks());
    expect(() => removeLegacyHooks(path)).toThrow(HooksFileError);
    expect(readFileSync(path, 'utf8')).toBe(legacyHooks());
    expect(statSync(path).uid).toBe(FOREIGN_UID);
  });
});
