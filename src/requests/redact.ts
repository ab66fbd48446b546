/**
 * Hides secrets in a line of text before it is shown anywhere (the browser
 * pad, a paired phone, a log): tokens and keys with a recognisable shape,
 * and values that a name or position marks as secret. The rest of the line
 * stays readable, so the user still sees what they approve.
 */

export const REDACTED = '[REDACTED]';

/**
 * Names that mark the value after them as secret (in `NAME=value`, `--name
 * value`, `name: value`): a secret word as a whole part of the name, so
 * `GITHUB_TOKEN` and `x-api-key` count and `author` or `max_tokens` do not.
 */
const SECRET_NAME = `(?:[A-Za-z0-9]+[_.-])*(?:password|passwd|passphrase|pass|pwd|secret|token|api[_-]?key|apikey|access[_-]?key|private[_-]?key|credentials?|auth|authorization|session[_-]?id|cookie|signature)(?:[_.-][A-Za-z0-9_.-]*)?`;

/** A value: quoted (either quote), or a run up to whitespace or a shell/URL separator. */
const VALUE = String.raw`(?:"[^"]*"|'[^']*'|[^\s"'&;|<>)]+)`;

interface Rule {
  readonly pattern: RegExp;
  /** Builds the replacement from the match groups; default: the whole match becomes REDACTED. */
  readonly replace?: (...groups: string[]) => string;
}

const keep = (prefix: string) => `${prefix}${REDACTED}`;

/**
 * Order matters: whole-token shapes first (they need no name nearby), then
 * headers and URLs, then name = value forms, which would otherwise only
 * catch part of a token.
 */
const RULES: readonly Rule[] = [
  // PEM private key blocks, also when cut off before their END line.
  { pattern: /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)/g },
  // Anthropic (sk-ant-…), OpenAI (sk-…, sk-proj-…, sk-svcacct-…) and similar `sk-` keys.
  { pattern: /\bsk-[A-Za-z0-9_-]{16,}/g },
  // GitHub: classic tokens (ghp_, gho_, ghu_, ghs_, ghr_) and fine-grained ones (github_pat_).
  { pattern: /\bgh[pousr]_[A-Za-z0-9]{20,}/g },
  { pattern: /\bgithub_pat_[A-Za-z0-9_]{20,}/g },
  // GitLab, npm, Slack, Stripe, Google API keys.
  { pattern: /\bglpat-[A-Za-z0-9_-]{20,}/g },
  { pattern: /\bnpm_[A-Za-z0-9]{30,}/g },
  { pattern: /\bxox[abposr]-[A-Za-z0-9-]{10,}/g },
  { pattern: /\b[rs]k_(?:live|test)_[A-Za-z0-9]{16,}/g },
  { pattern: /\bAIza[A-Za-z0-9_-]{30,}/g },
  // AWS access key ids (the secret key itself is caught by its name below).
  { pattern: /\b(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA)[A-Z0-9]{16}\b/g },
  // JSON Web Tokens.
  { pattern: /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*/g },
  // Authorization: Bearer/Basic/Token <credential>, in headers or alone.
  { pattern: /\b(Bearer|Basic|Token|Digest)(\s+)[A-Za-z0-9._~+/=-]{6,}/gi, replace: (_m, scheme, space) => keep(`${scheme}${space}`) },
  // Any header whose name says it carries a secret: `X-Api-Key: …`, `Cookie: …`.
  {
    // Only where a header can start (not `user:` inside a URL).
    pattern: new RegExp(String.raw`(?<=^|[\s"'{,])((?:x-)?${SECRET_NAME}\s*:\s*)(?!Bearer\b|Basic\b|Token\b|Digest\b)${VALUE}`, 'gi'),
    replace: (_m, prefix) => keep(prefix),
  },
  // Credentials in URLs: scheme://user:password@host keeps the user.
  { pattern: /\b([a-z][a-z0-9+.-]*:\/\/[^\s:/@]*:)[^\s@/]+@/gi, replace: (_m, prefix) => `${prefix}${REDACTED}@` },
  // NAME=value in environment assignments, query strings and options (--token=…).
  { pattern: new RegExp(String.raw`\b(${SECRET_NAME}=)${VALUE}`, 'gi'), replace: (_m, prefix) => keep(prefix) },
  // --password value, --token value (a bare -p stays as it is: too ambiguous).
  { pattern: new RegExp(String.raw`(--${SECRET_NAME}\s+)${VALUE}`, 'gi'), replace: (_m, prefix) => keep(prefix) },
  // A secret's name, then its value as the next word (`aws configure set aws_secret_access_key …`):
  // only a key-like value (12+ characters with a digit), so `token refresh` stays.
  {
    pattern: new RegExp(String.raw`\b(${SECRET_NAME}\s+)(?=[A-Za-z0-9/+=_.-]*\d)[A-Za-z0-9/+=_.-]{12,}`, 'gi'),
    replace: (_m, prefix) => keep(prefix),
  },
];

/** `text` with every secret replaced by REDACTED. Idempotent: redacting twice changes nothing more. */
export function redactSecrets(text: string): string {
  let result = text;
  for (const rule of RULES) {
    result = result.replace(rule.pattern, (...args: unknown[]) => {
      const match = args[0] as string;
      if (match.includes(REDACTED) && match.endsWith(REDACTED)) return match;
      const groups = args.slice(1).filter((group): group is string => typeof group === 'string');
      return rule.replace === undefined ? REDACTED : rule.replace(match, ...groups);
    });
  }
  return result;
}
