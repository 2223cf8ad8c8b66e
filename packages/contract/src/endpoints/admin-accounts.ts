import { z } from 'zod';
import {
  ADMIN_ACCOUNT_MESSAGES,
  ADMIN_PAGE_SIZE_DEFAULT,
  ADMIN_PAGE_SIZE_MAX,
  ADMIN_SEARCH_MAX,
} from '../admin-messages';
import { ANNOUNCEMENT_TITLE_MAX, AnnouncementSchema } from '../announcements';
import { defineEndpoints } from '../endpoint';
import { isValidPreferredShare, REFERRAL_PREFERRED_SHARE_MAX } from '../referral';
import { PlatformTermsSchema } from '../terms';
import { adminAccountsRoutes } from './admin-accounts.routes';

const tag = 'admin';

/** Micro-euros as a decimal string (signed), like the ledger stores them. */
const Micros = z.string().regex(/^-?\d+$/);
const page = z.coerce.number().int().min(1).max(10_000).default(1);
const pageSize = z.coerce.number().int().min(1).max(ADMIN_PAGE_SIZE_MAX).default(ADMIN_PAGE_SIZE_DEFAULT);
const Id = z.coerce.number().int().positive().max(2_147_483_647);
const IdParams = z.object({ id: Id });
const WebsiteParams = z.object({ id: Id, websiteId: Id });
const CampaignParams = z.object({ id: Id, campaignId: Id });
const Reason = z.string().trim().min(1, ADMIN_ACCOUNT_MESSAGES.reasonRequired).max(500);
const Euros = z.number(ADMIN_ACCOUNT_MESSAGES.eurosRequired).finite();

export const AdminAccountsQuerySchema = z.object({
  q: z.string().trim().max(ADMIN_SEARCH_MAX).optional(),
  /** Account type: 1 advertiser, 2 publisher, 3 operator. */
  type: z.coerce.number().int().min(0).max(3).optional(),
  page,
  pageSize,
});

/** 'verified' (users.kyc_verified = 1) or 'unverified'. */
export const IdentityStatusSchema = z.enum(['verified', 'unverified']);

export const AdminAccountRowSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  type: z.number().int(),
  created: z.string(),
  disabled: z.boolean(),
  balanceMicros: Micros,
  twoFactor: z.boolean(),
  identity: IdentityStatusSchema,
});
export type AdminAccountRow = z.infer<typeof AdminAccountRowSchema>;

export const AdminAccountListSchema = z.object({ items: z.array(AdminAccountRowSchema), total: z.number().int() });

export const AdminAccountDetailSchema = AdminAccountRowSchema.extend({
  firstName: z.string(),
  lastName: z.string(),
  emailVerified: z.boolean(),
  disabledAt: z.string().nullable(),
  heldMicros: Micros,
  /** The preferred referral share in percent an operator set (referral share), or null. */
  referralShare: z.number().nullable(),
  /** The last 50 ledger transfers of the available balance, newest first. */
  transfers: z.array(
    z.object({
      id: z.number().int(),
      kind: z.string(),
      amountMicros: Micros,
      description: z.string(),
      reference: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  /** Advertisers' campaigns, newest first (status: the campaign status number). */
  campaigns: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      status: z.number().int(),
      /** Managed: the owner can only change its status (campaign lock / unlock). */
      locked: z.boolean(),
      createdAt: z.string(),
    }),
  ),
  /** Publishers' websites, newest first. */
  websites: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      domain: z.string(),
      status: z.number().int(),
      createdAt: z.string(),
    }),
  ),
  sessions: z.array(
    z.object({
      id: z.number().int(),
      device: z.string().nullable(),
      browser: z.string().nullable(),
      os: z.string().nullable(),
      ip: z.string().nullable(),
      lastSeenAt: z.string(),
      createdAt: z.string(),
      active: z.boolean(),
    }),
  ),
});
export type AdminAccountDetail = z.infer<typeof AdminAccountDetailSchema>;

/** What an action answers: the command's line, or (202) the approval it now waits for. */
export const AdminActionResultSchema = z.union([
  z.object({ output: z.string() }),
  z.object({ pendingApproval: z.object({ id: z.number().int(), amountMicros: Micros }) }),
]);
export type AdminActionResult = z.infer<typeof AdminActionResultSchema>;

export const AdminReasonSchema = z.object({ reason: Reason });
export const AdminMoneySchema = z.object({ euros: Euros, reason: Reason });
/** A preferred referral share in percent (above 0, at most 10, 2 decimals), or null to clear it. */
export const AdminReferralShareSchema = z.object({
  percent: z
    .number(ADMIN_ACCOUNT_MESSAGES.percentRequired)
    .refine(isValidPreferredShare, `Give a percent above 0 and at most ${REFERRAL_PREFERRED_SHARE_MAX}.`)
    .nullable(),
});

export const AdminPublishTermsSchema = z.object({
  markdown: z.string().trim().min(20, ADMIN_ACCOUNT_MESSAGES.termsTooShort).max(200_000),
});
export const AdminPublishAnnouncementSchema = z.object({
  title: z.string().trim().min(1, ADMIN_ACCOUNT_MESSAGES.titleRequired).max(ANNOUNCEMENT_TITLE_MAX),
  content: z.string().trim().min(1, ADMIN_ACCOUNT_MESSAGES.contentRequired).max(20_000),
});

export const AuditQuerySchema = z.object({
  q: z.string().trim().max(ADMIN_SEARCH_MAX).optional(),
  actorId: z.coerce.number().int().positive().optional(),
  action: z.string().trim().max(100).optional(),
  objectType: z.string().trim().max(100).optional(),
  objectId: z.string().trim().max(200).optional(),
  from: z.coerce.date().optional(),
  to: z.coerce.date().optional(),
  page,
  pageSize,
});

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actorId: z.number().int().nullable(),
  actorEmail: z.string().nullable(),
  via: z.string(),
  action: z.string(),
  objectType: z.string(),
  objectId: z.string(),
  changes: z.record(z.string(), z.unknown()),
  approvalId: z.number().int().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export const AuditListSchema = z.object({ items: z.array(AuditEntrySchema), total: z.number().int() });

export const ApprovalStatusSchema = z.enum(['pending', 'approved', 'rejected']);
export const ApprovalsQuerySchema = z.object({ status: ApprovalStatusSchema.optional(), page, pageSize });
export const ApprovalSchema = z.object({
  id: z.number().int(),
  domain: z.string(),
  action: z.string(),
  args: z.array(z.string()),
  amountMicros: Micros,
  requestedBy: z.number().int().nullable(),
  requestedByEmail: z.string().nullable(),
  requestedAt: z.string(),
  status: ApprovalStatusSchema,
  decidedBy: z.number().int().nullable(),
  decidedByEmail: z.string().nullable(),
  decidedAt: z.string().nullable(),
  output: z.string().nullable(),
  reason: z.string().nullable(),
});
export type Approval = z.infer<typeof ApprovalSchema>;
export const ApprovalListSchema = z.object({ items: z.array(ApprovalSchema), total: z.number().int() });

export const adminAccountsEndpoints = defineEndpoints(adminAccountsRoutes, {
  accounts: {
    tag,
    summary: 'Search accounts by email (substring), name or exact id',
    query: AdminAccountsQuerySchema,
    response: AdminAccountListSchema,
  },
  account: {
    tag,
    summary: 'An account: profile, balances, transfers, campaigns or websites, sessions',
    params: IdParams,
    response: AdminAccountDetailSchema,
  },
  disable: {
    tag,
    summary: 'Disable an account and end its sessions (user disable)',
    params: IdParams,
    body: AdminReasonSchema,
    response: AdminActionResultSchema,
  },
  enable: {
    tag,
    summary: 'Enable a disabled account (user enable)',
    params: IdParams,
    response: AdminActionResultSchema,
  },
  credit: {
    tag,
    summary: 'Credit an account from the operator credits account (user credit)',
    description:
      'At or above the approval threshold it answers 202 { pendingApproval }: a second operator must approve.',
    params: IdParams,
    body: AdminMoneySchema,
    response: AdminActionResultSchema,
  },
  adjust: {
    tag,
    summary: 'A signed operator adjustment of the available balance (user adjust)',
    description:
      'Refuses (402) to take the balance below zero. At or above the approval threshold it answers 202 { pendingApproval }.',
    params: IdParams,
    body: AdminMoneySchema,
    response: AdminActionResultSchema,
  },
  endSessions: {
    tag,
    summary: 'End every session of the account (user end-sessions)',
    params: IdParams,
    response: AdminActionResultSchema,
  },
  referralShare: {
    tag,
    summary: "Set (or with null clear) the account's preferred referral share in percent (referral share)",
    params: IdParams,
    body: AdminReferralShareSchema,
    response: AdminActionResultSchema,
  },
  pauseWebsite: {
    tag,
    summary: "Pause one of the account's approved websites (website pause); 404 if not the account's",
    params: WebsiteParams,
    response: AdminActionResultSchema,
  },
  approveWebsite: {
    tag,
    summary: "Approve one of the account's paused or rejected websites (website approve); 404 if not the account's",
    params: WebsiteParams,
    response: AdminActionResultSchema,
  },
  lockCampaign: {
    tag,
    summary: "Make one of the account's campaigns managed (campaign lock); 404 if not the account's",
    params: CampaignParams,
    response: AdminActionResultSchema,
  },
  unlockCampaign: {
    tag,
    summary: "Give a managed campaign back to the account (campaign unlock); 404 if not the account's",
    params: CampaignParams,
    response: AdminActionResultSchema,
  },
  terms: { tag, summary: 'The current published platform terms', response: PlatformTermsSchema.nullable() },
  publishTerms: {
    tag,
    summary: "Publish a new version of the platform terms ('# Title' on the first line)",
    body: AdminPublishTermsSchema,
    response: AdminActionResultSchema,
  },
  announcements: { tag, summary: 'Published announcements, newest first', response: z.array(AnnouncementSchema) },
  publishAnnouncement: {
    tag,
    summary: 'Publish an announcement on every dashboard',
    body: AdminPublishAnnouncementSchema,
    response: AdminActionResultSchema,
  },
  audit: {
    tag,
    summary: 'The audit trail, newest first (read only)',
    query: AuditQuerySchema,
    response: AuditListSchema,
  },
  approvals: {
    tag,
    summary: 'Money actions waiting for (or decided by) a second operator',
    query: ApprovalsQuerySchema,
    response: ApprovalListSchema,
  },
  approve: {
    tag,
    summary: 'Approve and run a pending money action (never the operator who asked for it)',
    params: IdParams,
    response: AdminActionResultSchema,
  },
  reject: {
    tag,
    summary: 'Reject a pending money action',
    params: IdParams,
    body: AdminReasonSchema,
    response: AdminActionResultSchema,
  },
});
