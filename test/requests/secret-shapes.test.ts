import { describe, expect, it } from 'vitest';
import { REDACTED, redactSecrets, sanitizeCommand } from '../../src/requests/index.js';

/*
 * The shapes secrets take in agent commands, each with the secret that must
 * be gone; then look-alikes that must stay exactly as they are. Every value
 * is made up in its vendor's published format; none is live.
 */

/** [shape, text, the secret (or the part of it) that must not survive] */
const SECRETS: readonly (readonly [string, string, string])[] = [
  // Vendor tokens recognisable by their shape alone.
  ['GitHub classic token', 'git push https://ghp_16C7e42F292c6912E7710c838347Ae178B4a@github.com/o/r', 'ghp_16C7e42F292c6912E7710c838347Ae178B4a'],
  ['GitHub OAuth token', 'gh auth login --with-token <<< gho_16C7e42F292c6912E7710c838347Ae178B4a', 'gho_16C7e42F292c6912E7710c838347Ae178B4a'],
  ['GitHub user-to-server token', 'echo ghu_16C7e42F292c6912E7710c838347Ae178B4a', 'ghu_16C7e42F292c6912E7710c838347Ae178B4a'],
  ['GitHub app token', 'echo ghs_QwErTyUiOpAsDfGhJkLzXcVbNm1234567890', 'ghs_QwErTyUiOpAsDfGhJkLzXcVbNm1234567890'],
  ['GitHub refresh token', 'echo ghr_QwErTyUiOpAsDfGhJkLzXcVbNm1234567890', 'ghr_QwErTyUiOpAsDfGhJkLzXcVbNm1234567890'],
  ['GitHub fine-grained token', 'echo github_pat_11ABCDEFG0abcdefghijkl_mnopqrstuvwxyzABCDEF', 'github_pat_11ABCDEFG0abcdefghijkl_mnopqrstuvwxyzABCDEF'],
  ['OpenAI project key', 'echo sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z', 'sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z'],
  ['OpenAI service account key', 'echo sk-svcacct-Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z', 'sk-svcacct-Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z'],
  ['Anthropic key', 'echo sk-ant-api03-Xy7_kLm3Nq9Rs2Tv5Wx8Za1Bc4De7Fg0Hi3Jk6Lm9No2', 'sk-ant-api03-Xy7_kLm3Nq9Rs2Tv5Wx8Za1Bc4De7Fg0Hi3Jk6Lm9No2'],
  ['AWS access key id', 'aws configure set aws_access_key_id AKIAIOSFODNN7EXAMPLE', 'AKIAIOSFODNN7EXAMPLE'],
  ['AWS temporary key id', 'echo ASIAIOSFODNN7EXAMPLE', 'ASIAIOSFODNN7EXAMPLE'],
  ['GitLab personal token', 'glab auth login --hostname x --stdin <<< glpat-xY9zA8bC7dE6fG5hI4jK', 'glpat-xY9zA8bC7dE6fG5hI4jK'],
  ['npm token', 'echo //registry.npmjs.org/:_authToken npm_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8', 'npm_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8'],
  ['Slack bot token', 'echo xoxb-2210535565-2335344423-RdSkJt9eXq0pAbCdEfGhIjKl', 'xoxb-2210535565-2335344423-RdSkJt9eXq0pAbCdEfGhIjKl'],
  ['Slack user token', 'echo xoxp-2210535565-2335344423-RdSkJt9eXq0pAbCdEfGhIjKl', 'xoxp-2210535565-2335344423-RdSkJt9eXq0pAbCdEfGhIjKl'],
  ['Slack app token', 'echo xapp-1-A0123456789-1234567890123-abcdef0123456789abcdef', 'A0123456789-1234567890123-abcdef0123456789abcdef'],
  ['Slack webhook URL', 'curl -X POST https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX -d @m.json', 'XXXXXXXXXXXXXXXXXXXXXXXX'],
  [
    'Discord webhook URL',
    'curl https://discord.com/api/webhooks/123456789012345678/aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789_-abc',
    'aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789_-abc',
  ],
  ['Telegram bot token', 'curl https://api.telegram.org/bot123456789:AAEhBP0av18BnWDgRqe2wJqIAbCdEfGhIjK/getMe', 'AAEhBP0av18BnWDgRqe2wJqIAbCdEfGhIjK'],
  ['Stripe secret key', 'stripe listen --api-key sk_live_4eC39HqLyjWDarjtT1zdp7dc', 'sk_live_4eC39HqLyjWDarjtT1zdp7dc'],
  ['Stripe restricted key', 'echo rk_live_4eC39HqLyjWDarjtT1zdp7dc', 'rk_live_4eC39HqLyjWDarjtT1zdp7dc'],
  ['Stripe test key', 'echo sk_test_4eC39HqLyjWDarjtT1zdp7dc', 'sk_test_4eC39HqLyjWDarjtT1zdp7dc'],
  ['Google API key', 'curl "https://x.googleapis.com/v1?key=AIzaSyA-1234567890abcdefghijklmnopqrstu"', 'AIzaSyA-1234567890abcdefghijklmnopqrstu'],
  ['Google OAuth client secret', 'echo 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', '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'],
  ['Google OAuth access token', 'echo ya29.a0AfH6SMBx1y2z3A4B5C6D7E8F9G0h1i2j3k4l5m6n7o8p', 'ya29.a0AfH6SMBx1y2z3A4B5C6D7E8F9G0h1i2j3k4l5m6n7o8p'],
  ['Hugging Face token', 'huggingface-cli login --token hf_AbCdEfGhIjKlMnOpQrStUvWxYz12345678', 'hf_AbCdEfGhIjKlMnOpQrStUvWxYz12345678'],
  ['Hugging Face token alone', 'echo hf_AbCdEfGhIjKlMnOpQrStUvWxYz12345678 > ~/.hf', 'hf_AbCdEfGhIjKlMnOpQrStUvWxYz12345678'],
  [
    'SendGrid key',
    'echo 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',
    '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',
  ],
  ['Mailgun key', 'echo key-3ax6xnjp29jd6fds4gc373sgvjxteol0', 'key-3ax6xnjp29jd6fds4gc373sgvjxteol0'],
  ['Shopify access token', 'echo 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', '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'],
  ['PyPI token', 'twine upload -p pypi-AgEIcHlwaS5vcmcCJGE4ZjE2ZDJiLTEyMzQtNDU2Ny04OTAx dist/*', 'pypi-AgEIcHlwaS5vcmcCJGE4ZjE2ZDJiLTEyMzQtNDU2Ny04OTAx'],
  ['Docker Hub token', 'echo dckr_pat_1a2B3c4D5e6F7g8H9i0J1k2L3m4N', 'dckr_pat_1a2B3c4D5e6F7g8H9i0J1k2L3m4N'],
  ['DigitalOcean token', 'doctl auth init -t dop_v1_0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef', 'dop_v1_0123456789abcdef'],
  ['Vault token', 'VAULT_ADDR=https://v.test vault login hvs.CAESIJ1a2b3c4d5e6f7g8h9i0jKlMnOpQr', 'hvs.CAESIJ1a2b3c4d5e6f7g8h9i0jKlMnOpQr'],
  ['Linear API key', 'echo lin_api_1a2B3c4D5e6F7g8H9i0J1k2L3m4N5o6P7q8R9s0T', 'lin_api_1a2B3c4D5e6F7g8H9i0J1k2L3m4N5o6P7q8R9s0T'],
  ['Postman API key', 'echo PMAK-1a2b3c4d5e6f7a8b9c0d1e2f-1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e', 'PMAK-1a2b3c4d5e6f7a8b9c0d1e2f'],
  ['New Relic key', 'echo NRAK-1A2B3C4D5E6F7G8H9I0J1K2L3M4', 'NRAK-1A2B3C4D5E6F7G8H9I0J1K2L3M4'],
  ['Grafana service account token', 'echo glsa_1a2B3c4D5e6F7g8H9i0J1k2L3m4N5o6P_1a2b3c4d', 'glsa_1a2B3c4D5e6F7g8H9i0J1k2L3m4N5o6P'],
  ['age secret key', 'echo AGE-SECRET-KEY-1QQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQ', 'AGE-SECRET-KEY-1QQQQQQQQQQQQQQQQQQQQ'],
  ['Databricks token', 'echo dapi0123456789abcdef0123456789abcdef', 'dapi0123456789abcdef0123456789abcdef'],
  [
    'JSON Web Token',
    'echo eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
    'dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
  ],
  ['PEM RSA key', 'printf -- "-----BEGIN RSA PRIVATE KEY-----\\nMIIEpAIBAAKCAQEA1234\\n-----END RSA PRIVATE KEY-----" > k', 'MIIEpAIBAAKCAQEA1234'],
  ['PEM key cut short', 'echo "-----BEGIN OPENSSH PRIVATE KEY----- b3BlbnNzaC1rZXktdjEAAAA', 'b3BlbnNzaC1rZXktdjEAAAA'],
  // Credentials named by their header, scheme or URL.
  ['Bearer credential', 'curl -H "Authorization: Bearer abc.def-ghi_jkl123" https://x.test', 'abc.def-ghi_jkl123'],
  ['Basic credential', 'curl -H "Authorization: Basic YWxhZGRpbjpvcGVuc2VzYW1l" https://x.test', 'YWxhZGRpbjpvcGVuc2VzYW1l'],
  ['token scheme', 'curl -H "Authorization: token 0123456789abcdef0123" https://api.github.com', '0123456789abcdef0123'],
  ['API key header', 'curl -H "x-api-key: 0123456789abcdef" https://x.test', '0123456789abcdef'],
  ['auth token header', 'curl -H "X-Auth-Token: a1b2c3d4e5f6" https://x.test', 'a1b2c3d4e5f6'],
  ['GitLab private token header', 'curl --header "PRIVATE-TOKEN: a1b2c3d4e5f6g7" https://gitlab.test/api', 'a1b2c3d4e5f6g7'],
  ['cookie header', 'curl -H "Cookie: sessionid=a1b2c3d4e5f6" https://x.test', 'a1b2c3d4e5f6'],
  ['password in a URL', 'psql "postgres://admin:s3cr3t-Pa55@db.example.com:5432/app"', 's3cr3t-Pa55'],
  ['password in a URL with no user', 'redis-cli -u redis://:hunter2pass@cache:6379', 'hunter2pass'],
  ['password in a MongoDB SRV URL', 'mongosh "mongodb+srv://app:Zq8-pass-9Xy@cluster0.x.mongodb.net/db"', 'Zq8-pass-9Xy'],
  ['token in a query string', 'curl "https://x.test/api?access_token=abc123def456ghi&page=2"', 'abc123def456ghi'],
  ['Azure SAS signature', 'az storage blob download --sas-token "sv=2022-11-02&ss=b&sig=AbCdEfGh1234%2BIjKl%3D"', 'AbCdEfGh1234%2BIjKl%3D'],
  // Names that say a value is secret: snake, kebab, camel and glued case.
  ['clientSecret=', 'node app.js clientSecret=Zx9Qw8Er7Ty6', 'Zx9Qw8Er7Ty6'],
  ['accessToken=', 'curl -d accessToken=Ab12Cd34Ef56 https://x.test', 'Ab12Cd34Ef56'],
  ['authToken=', 'export authToken=Ab12Cd34Ef56', 'Ab12Cd34Ef56'],
  ['secretKey:', 'echo "secretKey: Ab12Cd34Ef56" >> config.yml', 'Ab12Cd34Ef56'],
  ['PGPASSWORD=', 'PGPASSWORD=hunter2 psql -h db -U app', 'hunter2'],
  ['SSHPASS=', 'SSHPASS=hunter2 sshpass -e ssh dev@host', 'hunter2'],
  ['MYSQL_PWD=', 'MYSQL_PWD=hunter2 mysql -u root', 'hunter2'],
  [
    'AccountKey= in a connection string',
    'az storage container list --connection-string "DefaultEndpointsProtocol=https;AccountName=acct;AccountKey=Zm9vYmFyYmF6cXV4;EndpointSuffix=core.windows.net"',
    'Zm9vYmFyYmF6cXV4',
  ],
  [
    'SharedAccessKey= in a connection string',
    'echo "Endpoint=sb://x.servicebus.windows.net/;SharedAccessKeyName=root;SharedAccessKey=Zm9vYmFyYmF6cXV4="',
    'Zm9vYmFyYmF6cXV4=',
  ],
  ['Password= in an ADO.NET string', 'sqlcmd -Q "x" --connection "Server=db;User Id=sa;Password=Str0ng!Pass;"', 'Str0ng!Pass'],
  ['GITHUB_TOKEN exported', 'export GITHUB_TOKEN=abcdef123456', 'abcdef123456'],
  ['--token=', 'vercel deploy --token=AbCd1234EfGh5678', 'AbCd1234EfGh5678'],
  ['--password value', 'mysql -u root --password hunter2 -e "select 1"', 'hunter2'],
  ['wget --http-password=', 'wget --http-user=ann --http-password=hunter2 https://x.test/f', 'hunter2'],
  ['JSON password member', `curl -d '{"user":"ann","password":"hunter2"}' https://x.test/login`, 'hunter2'],
  ['JSON client_secret member', `curl -d '{"client_id":"abc","client_secret": "Zx9Qw8Er7Ty6"}' https://x.test`, 'Zx9Qw8Er7Ty6'],
  ['YAML password', "printf 'db:\\n  password: hunter2\\n' > db.yml", 'hunter2'],
  ['XML password element', 'echo "<password>hunter2</password>" > settings.xml', 'hunter2'],
  ['netrc password', 'echo "machine api.test login ann password hunter2" >> ~/.netrc', 'hunter2'],
  ['openssl pass: argument', 'openssl rsa -in k.pem -passin pass:hunter2 -out k2.pem', 'hunter2'],
  // Passwords programs take as options.
  ['curl -u user:password', 'curl -u ann:hunter2 https://x.test', 'hunter2'],
  ['curl --user user:password', 'curl --user "ann:correct horse" https://x.test', 'horse'],
  ['mysql -pPASSWORD', 'mysql -u root -phunter2 app', 'hunter2'],
  ['mysqldump -pPASSWORD', 'mysqldump -uroot -phunter2 app > dump.sql', 'hunter2'],
  ['sshpass -p', 'sshpass -p hunter2 ssh dev@host', 'hunter2'],
  ['sshpass -pPASSWORD', 'sshpass -phunter2 scp f dev@host:', 'hunter2'],
  ['docker login -p', 'docker login -u ann -p hunter2 registry.test', 'hunter2'],
  ['zip -P', 'zip -P hunter2 -r out.zip dir', 'hunter2'],
  ['7z -p', '7z a -phunter2 out.7z dir', 'hunter2'],
  // Blobs and evasions.
  ['base64 blob', 'echo c2VjcmV0LXBhc3N3b3JkLTEyMzQ1Njc4OTA= | base64 -d', 'c2VjcmV0LXBhc3N3b3JkLTEyMzQ1Njc4OTA='],
  [
    'base64 key material',
    'kubectl create secret generic k --from-literal=k=e9JRvOO67kP/Q9T7rzxWDE22jpSUoANogtnnAugdztE=',
    'e9JRvOO67kP/Q9T7rzxWDE22jpSUoANogtnnAugdztE=',
  ],
  ['token split by a zero-width space', 'echo ghp_16C7e42F292c\u200b6912E7710c838347Ae178B4a', '6912E7710c838347Ae178B4a'],
  ['name split by a zero-width joiner', 'export API_\u200dTOKEN=abcdef123456', 'abcdef123456'],
];

/** Text that looks like a secret and is not one: it must come back unchanged. */
const LOOK_ALIKES: readonly (readonly [string, string])[] = [
  ['a commit message about tokens', 'git commit -m "rotate tokens and passwords"'],
  ['a token count', 'claude --max-tokens 4096'],
  ['a token count in the environment', 'MAX_TOKENS=4096 node run.js'],
  ['an author', 'git log --author=ann'],
  ['an authority', 'openssl x509 -in ca.pem -noout -text | grep Authority'],
  ['a secretary', 'grep -r secretary docs/'],
  ['a monkey', 'echo monkey=1'],
  ['a primary key', 'sqlite3 db "select primaryKey from t"'],
  ['a token file path', 'GITHUB_TOKEN_FILE=/run/secrets/gh gh pr list'],
  ['a password file option', 'rsync --password-file=/etc/rsync.pass src host::dst'],
  ['a password read from stdin', 'docker login --password-stdin -u ann registry.test'],
  ['a variable reference', 'curl -H "Authorization: Bearer $GITHUB_TOKEN" https://api.github.com'],
  ['a token copied from a variable', 'export GH_TOKEN=$GITHUB_TOKEN'],
  ['a MySQL port', 'mysql -P 3306 -u root'],
  ['a MySQL password prompt', 'mysql -u root -p app'],
  ['an ssh port', 'ssh -p 2222 dev@host'],
  ['sshpass reading the environment', 'sshpass -e ssh dev@host'],
  ['a user without a password', 'curl -u ann https://x.test'],
  ['a git commit id', 'git show 3f786850e387550fdab836ed7e6dc881de23001b'],
  ['an image digest', 'docker pull node@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef'],
  ['a UUID', 'kubectl get pod 123e4567-e89b-12d3-a456-426614174000'],
  ['a long path', 'cat src/components/HeaderNavigation/index2.tsx'],
  ['a long identifier', 'grep -rn getUserAccountSettingsFromRemoteServer2 src'],
  ['a Python library function', 'python -c "from huggingface_hub import hf_hub_download"'],
  ['an npm setting', 'npm_config_cache=/tmp/npm npm ci'],
  ['scikit-learn', 'pip install scikit-learn'],
  ['a word after token', 'gh auth token refresh'],
  ['a URL with a user only', 'git clone ssh://git@github.com/o/r.git'],
  ['an email address', 'git config user.email ann@example.com'],
  ['a key file', 'ssh -i ~/.ssh/id_ed25519 dev@host'],
  ['a sort key', 'sort -k2 -t, data.csv'],
];

describe('redactSecrets: the shapes secrets take', () => {
  it('covers at least fifty shapes', () => {
    expect(SECRETS.length).toBeGreaterThanOrEqual(50);
  });

  it.each(SECRETS)('%s', (_shape, text, secret) => {
    const redacted = redactSecrets(text);
    expect(redacted).not.toContain(secret);
    expect(redacted).toContain(REDACTED);
    expect(redactSecrets(redacted)).toBe(redacted);
    // What the admin page shows never has the secret either.
    expect(sanitizeCommand(text, 4096)).not.toContain(secret);
  });
});

describe('redactSecrets: look-alikes stay', () => {
  it.each(LOOK_ALIKES)('%s', (_what, text) => {
    expect(redactSecrets(text)).toBe(text);
  });
});
