/*
 * Secrets whose own shape gives them away: a vendor's prefix and alphabet,
 * or a place that only ever holds a secret (the path of a chat webhook).
 * Each is matched whole, wherever it stands, with no name nearby.
 */
export const TOKEN_SHAPES: readonly RegExp[] = [
  // Anthropic (sk-ant-…), OpenAI (sk-…, sk-proj-…, sk-svcacct-…) and similar `sk-` keys.
  /\bsk-[A-Za-z0-9_-]{16,}/g,
  // GitHub: classic tokens (ghp_, gho_, ghu_, ghs_, ghr_) and fine-grained ones (github_pat_).
  /\bgh[pousr]_[A-Za-z0-9]{20,}/g,
  /\bgithub_pat_[A-Za-z0-9_]{20,}/g,
  // GitLab, npm, Slack (bot, user, app tokens), Stripe, Google (API keys, OAuth client secrets and access tokens).
  /\bglpat-[A-Za-z0-9_-]{20,}/g,
  /\bnpm_[A-Za-z0-9]{30,}/g,
  /\bxox[abposr]-[A-Za-z0-9-]{10,}/g,
  /\bxapp-\d-[A-Za-z0-9-]{10,}/g,
  /\b[rs]k_(?:live|test)_[A-Za-z0-9]{16,}/g,
  /\bAIza[A-Za-z0-9_-]{30,}/g,
  /\bGOCSPX-[A-Za-z0-9_-]{20,}/g,
  /\bya29\.[A-Za-z0-9_-]{20,}/g,
  // AWS access key ids (the secret key itself is caught by its name).
  /\b(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA)[A-Z0-9]{16}\b/g,
  // Hugging Face, SendGrid, Mailgun, Shopify, PyPI, Docker Hub, DigitalOcean, Vault, Linear.
  /\bhf_[A-Za-z0-9]{30,}/g,
  /\bSG\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,}/g,
  /\bkey-[0-9a-z]{32}\b/g,
  /\bshp(?:at|ss|ca|pa)_[A-Fa-f0-9]{32}\b/g,
  /\bpypi-[A-Za-z0-9_-]{40,}/g,
  /\bdckr_pat_[A-Za-z0-9_-]{20,}/g,
  /\bdo[por]_v1_[a-f0-9]{64}\b/g,
  /\bhv[sbr]\.[A-Za-z0-9_-]{20,}/g,
  /\blin_(?:api|oauth)_[A-Za-z0-9]{32,}/g,
  // Postman, New Relic, Grafana, age, Databricks.
  /\bPMAK-[a-f0-9]{20,}-[a-f0-9]{20,}/g,
  /\bNR(?:AK|AA|II|JS)-[A-Z0-9]{20,}/g,
  /\bgl(?:sa|c)_[A-Za-z0-9_=+/-]{32,}/g,
  /\bAGE-SECRET-KEY-1[0-9A-Z]{20,}/g,
  /\bdapi[a-f0-9]{32}(?:-\d)?\b/g,
  // JSON Web Tokens.
  /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*/g,
  // Webhooks whose path is the credential, and Telegram bot tokens (after the bot's number).
  /(?<=hooks\.slack\.com\/(?:services|workflows|triggers)\/)[A-Za-z0-9/_-]{10,}/g,
  /(?<=discord(?:app)?\.com\/api\/webhooks\/\d+\/)[A-Za-z0-9_-]{20,}/g,
  /(?<=\b\d{8,10}:)AA[A-Za-z0-9_-]{30,}/g,
];
