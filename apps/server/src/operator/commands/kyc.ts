import { DOCUMENT_STATUS_LABELS, type DocumentStatus } from '@cryptads/contract/billing';
import { type OperatorReview, reviewByOperator } from '../../modules/billing-profile/billing-profile.service';
import type { OperatorCommand } from '../types';

/**
 * An account manager's decision on a customer's identity and documents (docs/product/billing.md#documents):
 * approve (identity verified, documents Valid), reject (final; Rejected, or CompanyRejected
 * for a company) or recheck (the customer sends new documents). The reason is shown to the
 * customer, who is told by notification and mail.
 */
function review(action: OperatorReview, help: string): OperatorCommand {
  return {
    args: action === 'approve' ? '<email>' : '<email> [reason ...]',
    help,
    async run(ctx, [email, ...rest]) {
      if (!email) throw new Error('Give the account email.');
      const reason = rest.join(' ').trim() || null;
      const { user, docVerification } = await reviewByOperator(ctx, { email, action, reason });
      const label = DOCUMENT_STATUS_LABELS[docVerification as DocumentStatus] ?? String(docVerification);
      return `Identity of ${user.email} (#${user.id}): ${label}${reason ? ` (${reason})` : ''}.`;
    },
  };
}

export const kycCommands: Record<string, OperatorCommand> = {
  approve: review('approve', "verify a customer's identity and documents"),
  reject: review('reject', "decline a customer's verification for good, with the reason shown to them"),
  recheck: review('recheck', 'ask a customer to send new documents, with the reason shown to them'),
};
