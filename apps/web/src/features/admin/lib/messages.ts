/** What a money action at or above the approval threshold answers on screen (202 pendingApproval). */
export const PENDING_APPROVAL_TEXT = "Waiting for a second operator's approval.";
