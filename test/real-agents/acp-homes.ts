import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { privateTempDir } from '../agents/shared/fake-daemon.js';

/*
 * First-run state for the ACP agents, in temporary folders: the HOME (and XDG folders) each
 * agent reads and writes, and the environment that points it at the fake model API. Nothing of
 * the developer's own ~/.gemini or ~/.config/opencode is read or written.
 */

/** A temporary HOME whose XDG folders lie inside it. */
function privateHome(prefix: string): Record<string, string> {
  const home = privateTempDir(prefix);
  return {
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_DATA_HOME: join(home, '.local', 'share'),
    XDG_CACHE_HOME: join(home, '.cache'),
    XDG_STATE_HOME: join(home, '.local', 'state'),
  };
}

/**
 * Gemini CLI with an API key against the fake Gemini API. Without `selectedType` in its settings
 * the base URL alone makes it pick the `gateway` auth type, which it then refuses; the folder is
 * trusted through the environment.
 */
export function geminiEnvironment(apiOrigin: string): Record<string, string> {
  const env = privateHome('pl-ra-gemini-home-');
  mkdirSync(join(env['HOME'] as string, '.gemini'));
  writeFileSync(join(env['HOME'] as string, '.gemini', 'settings.json'), JSON.stringify({ security: { auth: { selectedType: 'gemini-api-key' } } }));
  return { ...env, GOOGLE_GEMINI_BASE_URL: apiOrigin, GEMINI_API_KEY: 'fake-gemini-key', GEMINI_CLI_TRUST_WORKSPACE: 'true' };
}

/** opencode with one OpenAI-compatible provider at the fake, asking before every shell command and edit, fetching nothing else. */
export function opencodeEnvironment(apiOrigin: string): Record<string, string> {
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
  return {
    ...privateHome('pl-ra-opencode-home-'),
    OPENCODE_CONFIG_CONTENT: JSON.stringify(config),
    OPENCODE_DISABLE_MODELS_FETCH: '1',
    OPENCODE_DISABLE_AUTOUPDATE: '1',
  };
}
