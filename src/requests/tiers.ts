import { APPROVAL_TIERS, type ApprovalTier } from '../domain/index.js';

/** read_only < edit < network < destructive: the worse of two tiers. */
export function higher(a: ApprovalTier, b: ApprovalTier): ApprovalTier {
  return APPROVAL_TIERS.indexOf(a) >= APPROVAL_TIERS.indexOf(b) ? a : b;
}
