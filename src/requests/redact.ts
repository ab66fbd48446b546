import { isSecretName } from './secret-names.js';
import { TOKEN_SHAPES } from './token-shapes.js';

/**
 * Hides secrets in a line of text before it is shown anywhere (the browser
 * pad, a paired phone, a log): tokens and keys with a recognisable shape,
 * values that a name or position marks as secret, passwords programs take
 * as options, and long random-looking blobs. The rest of the line stays
 * readable, so the user still sees what they approve.
 */

export const REDACTED = '[REDACTED]';

/** A name as it stands before `=`, `:` or a space: letters, digits, `_`, `.`, `-`. */
const NAME = '[A-Za-z0-9_.-]+';
/** Where a name may start: not inside another name. */
const NAME_START = '(?<![A-Za-z0-9_.-])';

/** A value: quoted (either quote), or a run up to whitespace or a shell/URL separator; never a `$VARIABLE` reference. */
const VALUE = String.raw`(?!\[REDACTED\])(?:"(?!\$)[^"]*"|'[^']*'|(?![$-])[^\s"'&;|<>)]+)`;

interface Rule {
  readonly pattern: RegExp;
  /** Builds the replacement from the match, its groups and the whole text; default: the whole match becomes REDACTED. */
  readonly replace?: (match: string, groups: readonly string[], offset: number, text: string) => string;
}

const keep = (prefix: string) => `${prefix}${REDACTED}`;
/** `name` then `rest` of the prefix stay, the value goes — when the name says it is secret. */
const ifSecretName = (match: string, [name, rest]: readonly string[]) => (isSecretName(name!) ? keep(`${name}${rest}`) : match);

/** How far back an option looks for its program: farther than a command's usual length, near enough to stay cheap. */
const COMMAND_LOOKBACK = 512;

/** The command `offset` stands in: the text since the last `|`, `;`, `&` or line break before it (at most COMMAND_LOOKBACK characters). */
function commandBefore(text: string, offset: number): string {
  const window = text.slice(Math.max(0, offset - COMMAND_LOOKBACK), offset);
  return window.slice(Math.max(...['|', ';', '&', '\n'].map((separator) => window.lastIndexOf(separator))) + 1);
}

/** A password given as an option (`-pPASS`, `-p PASS`): redacted only inside a command of `programs`. */
function passwordOption(programs: string, option: string): Rule {
  const program = new RegExp(String.raw`(?:^|[\s/])(?:${programs})(?:\s|$)`);
  return {
    pattern: new RegExp(String.raw`(\s${option})${VALUE}`, 'g'),
    replace: (match, [prefix], offset, text) => (program.test(commandBefore(text, offset)) ? keep(prefix!) : match),
  };
}

/** `-u user:password` of curl, wget, xh or HTTPie. */
function curlUser(pattern: RegExp): Rule {
  return {
    pattern,
    replace: (match, [option, quote, user], offset, text) =>
      /(?:^|[\s/])(?:curl|wget|xh|http|https)(?:\s|$)/.test(commandBefore(text, offset)) ? `${option}${quote}${keep(user!)}` : match,
  };
}

/**
 * Order matters: whole-token shapes first (they need no name nearby), then
 * headers, URLs and program options, then name = value forms, which would
 * otherwise only catch part of a token. Every pattern runs in linear time:
 * names are matched loosely and judged by isSecretName.
 */
const RULES: readonly Rule[] = [
  // PEM private key blocks, also when cut off before their END line.
  { pattern: /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)/g },
  ...TOKEN_SHAPES.map((pattern) => ({ pattern })),
  // Authorization: Bearer/Basic/Token <credential>, in headers or alone; a lower-case `token` only before a key-like word.
  { pattern: /\b(Bearer|bearer|Basic|basic|Token|Digest)(\s+)[A-Za-z0-9._~+/=-]{6,}/g, replace: (_m, [scheme, space]) => keep(`${scheme}${space}`) },
  { pattern: /\b(token)(\s+)(?=[A-Za-z0-9._~+/=-]*\d)[A-Za-z0-9._~+/=-]{6,}/g, replace: (_m, [scheme, space]) => keep(`${scheme}${space}`) },
  // `name: value`: headers (`X-Api-Key: …`), JSON (`"password":"…"`), YAML, openssl's `pass:…`.
  {
    pattern: new RegExp(String.raw`(?<=^|[\s"'{,(])(${NAME})(["']?\s*:\s*)(?!Bearer\b|Basic\b|Token\b|Digest\b)${VALUE}`, 'g'),
    replace: ifSecretName,
  },
  // <password>…</password>
  { pattern: new RegExp(String.raw`<(${NAME})>[^<]*(?=</\1>)`, 'g'), replace: (match, [name]) => (isSecretName(name!) ? keep(`<${name}>`) : match) },
  // Credentials in URLs: scheme://user:password@host keeps the user.
  { pattern: /(?<![a-z0-9+.-])([a-z][a-z0-9+.-]*:\/\/[^\s:/@]*:)[^\s@/]+@/gi, replace: (_m, [prefix]) => `${prefix}${REDACTED}@` },
  // curl -u user:password (quoted or not): the user stays.
  curlUser(/(\s(?:-u|--user|--proxy-user|-U)(?:\s+|=)?)(["'])([^\s"':@]+:)[^"']*(?=\2)/g),
  curlUser(/(\s(?:-u|--user|--proxy-user|-U)(?:\s+|=)?)()([^\s"':@]+:)[^\s"']+/g),
  // Passwords as options: mysql -pPASS, sshpass -p PASS, docker login -p PASS, zip -P PASS, 7z -pPASS, twine -p TOKEN.
  passwordOption('mysql|mysqldump|mysqladmin|mariadb|mariadb-dump', '-p'),
  passwordOption('sshpass', String.raw`-p\s*`),
  passwordOption(String.raw`(?:docker|podman|nerdctl|buildah|skopeo|helm)\b.*\blogin`, String.raw`-p\s+`),
  passwordOption('zip|unzip', String.raw`-P\s+`),
  passwordOption('7z|7za|7zr', '-p'),
  passwordOption('twine', String.raw`-p\s+`),
  // .netrc: machine HOST login USER password PASS.
  { pattern: new RegExp(String.raw`(\blogin\s+\S+\s+password\s+)${VALUE}`, 'g'), replace: (_m, [prefix]) => keep(prefix!) },
  // NAME=value in environment assignments, query strings, connection strings and options (--token=…).
  { pattern: new RegExp(`${NAME_START}(${NAME})(=)${VALUE}`, 'g'), replace: ifSecretName },
  // --password value, --token value (a bare -p stays as it is: too ambiguous).
  { pattern: new RegExp(String.raw`${NAME_START}(--${NAME})(\s+)${VALUE}`, 'g'), replace: ifSecretName },
  // A secret's name, then its value as the next word (`aws configure set aws_secret_access_key …`):
  // only a key-like value (12+ characters with a digit), so `token refresh` stays.
  {
    pattern: new RegExp(String.raw`${NAME_START}(${NAME})(\s+)(?=[A-Za-z0-9/+=_.-]*\d)[A-Za-z0-9/+=_.-]{12,}`, 'g'),
    replace: ifSecretName,
  },
  // Long random-looking base64 (a key, a password encoded to hide it); paths, identifiers and hex digests stay.
  { pattern: /(?<![A-Za-z0-9+/])[A-Za-z0-9+/]{32,}={0,2}(?![A-Za-z0-9+/=])/g, replace: (match) => (looksRandom(match) ? REDACTED : match) },
];

/** Shannon entropy in bits per character. */
function entropy(text: string): number {
  const counts = new Map<string, number>();
  for (const char of text) counts.set(char, (counts.get(char) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) bits -= (count / text.length) * Math.log2(count / text.length);
  return bits;
}

/** Base64 of random bytes: every character class, rare slashes (not a path), and near-uniform characters (not words). */
function looksRandom(run: string): boolean {
  const body = run.replace(/=+$/, '');
  const count = (pattern: RegExp) => body.match(pattern)?.length ?? 0;
  if (count(/\//g) * 16 > body.length) return false;
  if (count(/[A-Z]/g) < 2 || count(/[a-z]/g) < 2 || count(/[0-9]/g) < 2) return false;
  return entropy(body) >= 4.3;
}

/**
 * `text` with every secret replaced by REDACTED. Format characters
 * (zero-width spaces and joiners, bidi controls) go first: one inside a
 * token would otherwise split it past every pattern. Idempotent.
 */
export function redactSecrets(text: string): string {
  let result = text.replace(/\p{Cf}/gu, '');
  for (const rule of RULES) {
    result = result.replace(rule.pattern, (...args: unknown[]) => {
      const match = args[0] as string;
      if (match.includes(REDACTED) && match.endsWith(REDACTED)) return match;
      // replace() passes the groups, then the offset and the whole string.
      const offsetAt = args.findIndex((arg, index) => index > 0 && typeof arg === 'number');
      const groups = args.slice(1, offsetAt).map((group) => (typeof group === 'string' ? group : ''));
      return rule.replace === undefined ? REDACTED : rule.replace(match, groups, args[offsetAt] as number, args[offsetAt + 1] as string);
    });
  }
  return result;
}
