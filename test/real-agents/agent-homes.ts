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

/**
 * A HOME for Gemini CLI: the API-key sign-in chosen in ~/.gemini/settings.json (with only the
 * environment, Gemini picks its "gateway" sign-in and refuses it), and the environment that points
 * it at the fake Gemini API, with no update check or usage statistics. GEMINI_CLI_TRUST_WORKSPACE trusts the project folder for this run, as
 * a user who answered Gemini's trust question once would have it.
 */
export function geminiEnvironment(apiOrigin: string): Record<string, string> {
  const home = privateTempDir('pl-ra-gemini-home-');
  mkdirSync(join(home, '.gemini'));
  const settings = {
    security: { auth: { selectedType: 'gemini-api-key' } },
    // No traffic beyond the fake API: no update check, no usage statistics.
    general: { enableAutoUpdate: false, enableAutoUpdateNotification: false },
    privacy: { usageStatisticsEnabled: false },
  };
  writeFileSync(join(home, '.gemini', 'settings.json'), `${JSON.stringify(settings, null, 2)}\n`);
  return { HOME: home, GOOGLE_GEMINI_BASE_URL: apiOrigin, GEMINI_API_KEY: 'fake-key', GEMINI_CLI_TRUST_WORKSPACE: 'true' };
}

/**
 * A HOME for GitHub Copilot CLI with no GitHub account: a bring-your-own-key provider at the fake
 * Chat Completions API, offline (no sign-in, telemetry or updates), the project folder trusted and
 * the first-run tip seen. `cacheEnv` is the install script's shared COPILOT_CACHE_HOME, so no test
 * unpacks Copilot's 235 MB runtime again.
 */
export function copilotEnvironment(project: string, apiOrigin: string, cacheEnv: Readonly<Record<string, string>>): Record<string, string> {
  const home = privateTempDir('pl-ra-copilot-home-');
  mkdirSync(join(home, '.copilot'));
  writeFileSync(join(home, '.copilot', 'config.json'), `${JSON.stringify({ trustedFolders: [project], appTipShown: true }, null, 2)}\n`);
  return {
    HOME: home,
    COPILOT_PROVIDER_BASE_URL: `${apiOrigin}/v1`,
    COPILOT_PROVIDER_API_KEY: 'fake-key',
    COPILOT_MODEL: 'gpt-test',
    COPILOT_OFFLINE: 'true',
    ...cacheEnv,
  };
}

/**
 * A HOME for opencode whose config (~/.config/opencode/opencode.json) selects an
 * OpenAI-compatible provider at the fake Chat Completions API, asks before every shell command
 * and edit, and fetches no model list, no update and no plugin package.
 */
export function opencodeEnvironment(apiOrigin: string): Record<string, string> {
  const home = privateTempDir('pl-ra-opencode-home-');
  const configDir = join(home, '.config', 'opencode');
  mkdirSync(configDir, { recursive: true });
  const config = {
    provider: {
      fake: {
        npm: '@ai-sdk/openai-compatible',
        name: 'Fake OpenAI-compatible',
        options: { baseURL: `${apiOrigin}/v1`, apiKey: 'fake-key' },
        models: { 'gpt-test': { name: 'GPT Test', tool_call: true } },
      },
    },
    model: 'fake/gpt-test',
    small_model: 'fake/gpt-test',
    autoupdate: false,
    share: 'disabled',
    permission: { bash: 'ask', edit: 'ask' },
  };
  writeFileSync(join(configDir, 'opencode.json'), `${JSON.stringify(config, null, 2)}\n`);
  return {
    HOME: home,
    OPENCODE_DISABLE_MODELS_FETCH: '1',
    OPENCODE_DISABLE_AUTOUPDATE: '1',
    // opencode installs its plugin package into the config folder in the background, from npm; here that install fails at once on loopback.
    npm_config_registry: 'http://127.0.0.1:9/',
  };
}
