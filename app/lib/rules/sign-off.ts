/**
 * Sign-off: the customer may name up to MAX_APPROVERS of the order's guests as required approvers and
 * ask for every one of them or any N. A delivery (a stage's, or an order's made in one piece) is
 * approved when the customer and the required approvers have approved it; until then each approval
 * is recorded, and may be withdrawn. A new version asks everyone again.
 */
import { GUESTS_PER_ORDER } from "./review-rules";

export const MAX_APPROVERS = GUESTS_PER_ORDER;
/** A signer's decisions on one version (approvals and withdrawals): a bound on what one person can write. */
export const SIGN_OFFS_PER_SIGNER_PER_VERSION = 20;

export const SIGN_OFF_MESSAGES = {
  tooMany: `Name at most ${MAX_APPROVERS} approvers.`,
  twice: "Each colleague can be named once.",
  notGuest: "Approvers must be colleagues invited to this order whose link still works.",
  required: "The number of approvals needed must be between 1 and the number of approvers.",
  closed: "Approvers can be named while the order is open.",
  notApprover: "Only the approvers the customer named can approve.",
  nothingToSign: "Nothing awaits sign-off: the approval is for a delivery under review.",
  notApproved: "You have not approved this version, so there is nothing to withdraw.",
  cancellationOpen: "The customer asked to cancel this order: only they can approve it now.",
  newVersion: "A new version was delivered meanwhile: please look at it and decide again.",
  tooOften: `You have changed your decision on this version ${SIGN_OFFS_PER_SIGNER_PER_VERSION} times, as often as one person may.`,
} as const;

/** How many approvers must approve: every one (`required` null) or any N, never more than are named. */
export function approvalsNeeded(required: number | null, approvers: number): number {
  return required === null ? approvers : Math.min(required, approvers);
}

/** Whether a delivery is signed off: the customer's approval and enough of the approvers'. */
export function signedOff(customerApproved: boolean, approvals: number, required: number | null, approvers: number): boolean {
  return customerApproved && approvals >= approvalsNeeded(required, approvers);
}

/** The rule in words, as the customer chooses it and the approvers read it. */
export function signOffRuleText(required: number | null, approvers: number): string {
  if (approvers === 0) return "Only you approve.";
  const needed = approvalsNeeded(required, approvers);
  if (needed === approvers)
    return approvers === 1 ? "You and your approver approve each delivery." : `You and all ${approvers} approvers approve each delivery.`;
  return `You and any ${needed} of your ${approvers} approvers approve each delivery.`;
}
