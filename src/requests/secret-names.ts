/*
 * Whether a name (an environment variable, an option, a JSON member, a
 * header) says its value is a secret. The name is cut into its parts — at
 * `_`, `.`, `-` and camelCase steps — and judged part by part, so
 * `GITHUB_TOKEN`, `x-api-key`, `clientSecret` and `PGPASSWORD` count while
 * `author`, `max_tokens`, `MAX_TOKENS` and `secretary` do not. Plain code,
 * not one large regular expression, so a hostile line costs linear time.
 */

/** Parts that are a secret word on their own. */
const SECRET_PARTS: ReadonlySet<string> = new Set([
  'pass',
  'sshpass',
  'pwd',
  'token',
  'auth',
  'authorization',
  'apikey',
  'credential',
  'credentials',
  'sessionid',
  'cookie',
  'signature',
  'sig',
]);

/** Two parts in a row that make a secret word (`api_key`, `AccessKey`, `session-id`). */
const SECRET_PAIRS: ReadonlySet<string> = new Set(['api key', 'access key', 'account key', 'private key', 'session id']);

/** Secret words that count even glued to what comes before them (`PGPASSWORD`, `dbpassword`, `clientsecret`). */
const GLUED_WORDS = ['password', 'passwd', 'passphrase', 'secret'];

/** A last part that makes the value about a secret, not the secret: `TOKEN_FILE`, `--password-stdin`, `SharedAccessKeyName`. */
const NOT_SECRET_ENDINGS: ReadonlySet<string> = new Set([
  'file',
  'path',
  'dir',
  'stdin',
  'length',
  'count',
  'limit',
  'ttl',
  'type',
  'name',
  'url',
  'endpoint',
  'expiry',
  'expires',
  'prompt',
  'env',
  'header',
  'policy',
]);

/** The lower-case parts of a name: `x-Api_keyValue` → x, api, key, value. */
export function nameParts(name: string): string[] {
  return name
    .replace(/([a-z0-9])(?=[A-Z])|([A-Z])(?=[A-Z][a-z])/g, '$1$2 ')
    .split(/[\s_.-]+/)
    .filter((part) => part !== '')
    .map((part) => part.toLowerCase());
}

export function isSecretName(name: string): boolean {
  const parts = nameParts(name);
  if (parts.length === 0 || NOT_SECRET_ENDINGS.has(parts.at(-1)!)) return false;
  return parts.some(
    (part, index) =>
      SECRET_PARTS.has(part) || GLUED_WORDS.some((word) => part.endsWith(word)) || (index > 0 && SECRET_PAIRS.has(`${parts[index - 1]} ${part}`)),
  );
}
