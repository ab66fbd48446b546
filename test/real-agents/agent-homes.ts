import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { privateTempDir } from '../agents/shared/fake-daemon.js';

/*
 * First-run state for the real CLIs, in temporary folders: what a user has after installing,
 * logging in and opening a project once, so the CLIs go straight to their prompt. Nothing of the
 * developer's own ~/.claude or ~/.codex is read or written.
 */

/** A project folder (a git repository, as Codex wants for a trusted project). */
export function makeProject(): string {
  const dir = privateTempDir('pl-ra-project-');
  execFileSync('git', ['init', '-q', dir]);
  return dir;
}

const CLAUDE_KEY = 'sk-ant-api03-pad-lattice-fake-key-0000000000000000000000';

/**
 * A HOME for Claude Code: onboarding done, the project's folder trusted, the API key approved,
 * and the environment that points it at the fake Messages API with no other traffic.
 */
export function claudeEnvironment(project: string, apiOrigin: string): Record<string, string> {
  const home = privateTempDir('pl-ra-claude-home-');
  const state = {
    hasCompletedOnboarding: true,
    theme: 'dark',
    // Claude Code remembers an approved key by its last 20 characters.
    customApiKeyResponses: { approved: [CLAUDE_KEY.slice(-20)], rejected: [] },
    projects: { [project]: { hasTrustDialogAccepted: true } },
  };
  writeFileSync(join(home, '.claude.json'), JSON.stringify(state));
  return {
    HOME: home,
    ANTHROPIC_BASE_URL: apiOrigin,
    ANTHROPIC_API_KEY: CLAUDE_KEY,
    DISABLE_AUTOUPDATER: '1',
    DISABLE_TELEMETRY: '1',
    DISABLE_ERROR_REPORTING: '1',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
  };
}

/**
 * A CODEX_HOME whose config.toml selects a `model_providers` entry at the fake Responses API and
 * trusts the project, plus `extraConfig` lines after the provider (e.g. a `[features]` table). Hook trust
 * is not seeded: the tests answer Codex's own review screen, as a user does once.
 */
export function codexEnvironment(project: string, apiOrigin: string, extraConfig: readonly string[] = []): Record<string, string> {
  const home = privateTempDir('pl-ra-codex-home-');
  const codexHome = join(home, '.codex');
  mkdirSync(codexHome);
  const config = [
    'model = "gpt-test"',
    'model_provider = "fake"',
    '',
    '[model_providers.fake]',
    'name = "Fake Responses API"',
    `base_url = "${apiOrigin}/v1"`,
    'wire_api = "responses"',
    'env_key = "FAKE_OPENAI_API_KEY"',
    '',
    ...extraConfig,
    '',
    `[projects."${project}"]`,
    'trust_level = "trusted"',
    '',
  ].join('\n');
  writeFileSync(join(codexHome, 'config.toml'), config);
  return { HOME: home, CODEX_HOME: codexHome, FAKE_OPENAI_API_KEY: 'fake-key' };
}
