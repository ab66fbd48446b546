import { describe, expect, it } from 'vitest';
import { REDACTED, redactSecrets, sanitizeCommand, sanitizeDescription } from '../../src/requests/index.js';

/*
 * Realistic secrets in the places they turn up in agent commands. Every key
 * below is made up in the vendor's published format (the AWS pair is the
 * documentation's own example); none of them is live.
 */
const GITHUB_CLASSIC = 'ghp_16C7e42F292c6912E7710c838347Ae178B4a';
const GITHUB_FINE = 'github_pat_11ABCDEFG0abcdefghijkl_mnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789ab';
const GITHUB_APP = 'ghs_QwErTyUiOpAsDfGhJkLzXcVbNm1234567890';
const OPENAI = 'sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4zAB7CDe0FGh3IJk6LMn9OPq';
const OPENAI_LEGACY = 'sk-4f3Gh8jK2lM9nB7vC1xZ6aS5dF0gH3jKl8Q2w';
const ANTHROPIC = 'sk-ant-api03-Xy7_kLm3Nq9Rs2Tv5Wx8Za1Bc4De7Fg0Hi3Jk6Lm9No2Pq5Rs8Tu1Vw4Xy7Za0Bc3De6Fg9Hi2Jk5Lm8No1Pq-AbCdEfAA';
const AWS_ID = 'AKIAIOSFODNN7EXAMPLE';
const AWS_SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const JWT = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U';
const SLACK = 'xoxb-2210535565-2335344423-RdSkJt9eXq0pAbCdEfGhIjKl';
const STRIPE = 'sk_live_4eC39HqLyjWDarjtT1zdp7dc';
const GOOGLE = 'AIzaSyA-1234567890abcdefghijklmnopqrstu';
const NPM = 'npm_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8';
const GITLAB = 'glpat-xY9zA8bC7dE6fG5hI4jK';

/** [what, command, secrets that must be gone, words that must stay] */
const CASES: readonly (readonly [string, string, readonly string[], readonly string[]])[] = [
  [
    'GitHub token in a Bearer header',
    `curl -H "Authorization: Bearer ${GITHUB_CLASSIC}" https://api.github.com/user`,
    [GITHUB_CLASSIC],
    ['curl', 'Authorization: Bearer', 'https://api.github.com/user'],
  ],
  ['fine-grained GitHub token as an env assignment', `GH_TOKEN=${GITHUB_FINE} gh pr list`, [GITHUB_FINE], ['GH_TOKEN=', 'gh pr list']],
  [
    'GitHub app token in a clone URL',
    `git clone https://x-access-token:${GITHUB_APP}@github.com/o/r.git`,
    [GITHUB_APP],
    ['git clone', 'x-access-token', 'github.com/o/r.git'],
  ],
  ['OpenAI project key exported', `export OPENAI_API_KEY=${OPENAI} && node run.js`, [OPENAI], ['export OPENAI_API_KEY=', 'node run.js']],
  ['OpenAI legacy key in a JSON body', `curl -d '{"key":"${OPENAI_LEGACY}"}' https://x.test`, [OPENAI_LEGACY], ['curl -d', 'https://x.test']],
  [
    'Anthropic key as an x-api-key header',
    `curl https://api.anthropic.com/v1/messages -H "x-api-key: ${ANTHROPIC}"`,
    [ANTHROPIC],
    ['x-api-key', 'api.anthropic.com'],
  ],
  [
    'AWS key pair in environment assignments',
    `AWS_ACCESS_KEY_ID=${AWS_ID} AWS_SECRET_ACCESS_KEY=${AWS_SECRET} aws s3 ls`,
    [AWS_ID, AWS_SECRET],
    ['aws s3 ls', 'AWS_SECRET_ACCESS_KEY='],
  ],
  ['AWS secret given to aws configure', `aws configure set aws_secret_access_key ${AWS_SECRET}`, [], ['aws configure set aws_secret_access_key']],
  ['Bearer JWT', `http GET https://api.test Authorization:"Bearer ${JWT}"`, [JWT], ['http GET https://api.test']],
  ['Basic credentials', 'curl -H "Authorization: Basic YWxhZGRpbjpvcGVuc2VzYW1l" https://x.test', ['YWxhZGRpbjpvcGVuc2VzYW1l'], ['Authorization: Basic']],
  ['password= on a command line', 'mysqladmin -u root password=hunter2 status', ['hunter2'], ['mysqladmin -u root', 'status']],
  ['--password value', 'mysql -u root --password hunter2 -e "select 1"', ['hunter2'], ['mysql -u root --password', 'select 1']],
  [
    'password in a database URL',
    'psql "postgres://admin:s3cr3t-Pa55@db.example.com:5432/app" -c "select 1"',
    ['s3cr3t-Pa55'],
    ['postgres://admin:', '@db.example.com:5432/app'],
  ],
  [
    'token in a query string',
    'curl "https://api.example.com/v1/items?access_token=abc123def456ghi&page=2"',
    ['abc123def456ghi'],
    ['https://api.example.com/v1/items?access_token=', '&page=2'],
  ],
  ['env file written with a secret', 'echo "DB_PASSWORD=correct-horse-battery" >> .env', ['correct-horse-battery'], ['DB_PASSWORD=', '.env']],
  ['Slack bot token', `curl -X POST -H 'Authorization: Bearer ${SLACK}' https://slack.com/api/chat.postMessage`, [SLACK], ['slack.com/api/chat.postMessage']],
  ['Stripe live key', `stripe login --api-key ${STRIPE}`, [STRIPE], ['stripe login']],
  ['Google API key in a URL', `curl "https://maps.googleapis.com/maps/api/geocode/json?address=x&key=${GOOGLE}"`, [GOOGLE], ['maps.googleapis.com']],
  ['npm token', `npm config set //registry.npmjs.org/:_authToken ${NPM}`, [NPM], ['npm config set']],
  ['GitLab token', `glab auth login --token ${GITLAB}`, [GITLAB], ['glab auth login']],
  [
    'private key piped into a file',
    'printf -- "-----BEGIN OPENSSH PRIVATE KEY-----\\nb3BlbnNzaC1rZXktdjEAAAA\\n-----END OPENSSH PRIVATE KEY-----" > id',
    ['b3BlbnNzaC1rZXktdjEAAAA'],
    ['printf', '> id'],
  ],
];

describe('redactSecrets', () => {
  it.each(CASES)('%s', (_what, command, secrets, kept) => {
    const redacted = redactSecrets(command);
    for (const secret of secrets) expect(redacted).not.toContain(secret);
    for (const word of kept) expect(redacted).toContain(word);
    expect(redacted).toContain(REDACTED);
    expect(redactSecrets(redacted)).toBe(redacted);
  });

  it('leaves ordinary commands alone', () => {
    for (const command of [
      'npm test',
      'git commit --author="Ann <ann@x.test>" -m "fix tokens"',
      'ls -la ~/.ssh',
      'python -m pytest -k token_refresh',
      'node --max-old-space-size=4096 build.js',
      'claude --max-tokens 100',
    ]) {
      expect(redactSecrets(command)).toBe(command);
    }
  });
});

describe('sanitizeDescription', () => {
  it('redacts before it truncates, so a secret cut in half never shows its prefix', () => {
    const command = `${'x'.repeat(150)} Authorization: Bearer ${GITHUB_CLASSIC}`;
    const shown = sanitizeDescription(command);
    expect([...shown]).toHaveLength(160);
    expect(shown.endsWith('…')).toBe(true);
    expect(shown).not.toContain('ghp_');
  });

  it('folds newlines, tabs, control and bidi characters into single spaces', () => {
    expect(sanitizeDescription('cd build &&\n\trm  -rf \u202e*\u0007')).toBe('cd build && rm -rf *');
  });

  it('is idempotent', () => {
    const once = sanitizeDescription(`${'npm run build && '.repeat(20)}echo ${OPENAI}`);
    expect(sanitizeDescription(once)).toBe(once);
  });
});

describe('sanitizeCommand', () => {
  it('keeps each line of a command on a line of its own, so a second command cannot hide on the first line', () => {
    expect(sanitizeCommand('git status\nrm -rf ~/work')).toBe('git status\nrm -rf ~/work');
    expect(sanitizeCommand('ls\r\n\n\n  \t\ncurl  x\u0007\u2028y')).toBe('ls\ncurl x y');
  });

  it('redacts across lines and stays within the length bound and idempotent', () => {
    const shown = sanitizeCommand(`export TOKEN=${GITHUB_CLASSIC}\n${'echo ok\n'.repeat(40)}rm -rf build`);
    expect(shown.startsWith('export TOKEN=[REDACTED]\necho ok\n')).toBe(true);
    expect([...shown].length).toBeLessThanOrEqual(160);
    expect(sanitizeCommand(shown)).toBe(shown);
  });
});
