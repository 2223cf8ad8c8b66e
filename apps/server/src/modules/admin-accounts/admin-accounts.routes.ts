import { randomUUID } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { ADMIN_ACCOUNT_MESSAGES } from '@cryptads/contract/admin-messages';
import { adminAccountsEndpoints as api } from '@cryptads/contract/endpoints/admin-accounts';
import { WebsiteStatus } from '@cryptads/contract/websites-messages';
import type { AppContext } from '../../context';
import { route } from '../../lib/endpoint-routes';
import { conflict, forbidden } from '../../lib/errors';
import type { Auth } from '../../plugins/auth';
import { runOperatorCommand } from '../../operator/run';
import { listAnnouncements } from '../announcements/announcements.service';
import { decideApproval, listApprovals } from '../audit/approvals.service';
import { actorOf, listAudit } from '../audit/audit.service';
import { latestTerms } from '../terms/terms.service';
import {
  accountDetail,
  findAccount,
  findAccountCampaign,
  findAccountWebsite,
  searchAccounts,
  toApproval,
  toAuditEntry,
} from './admin-accounts.service';

/**
 * Back office: accounts, content, audit trail and approvals. Every change runs
 * the operator command the CLI runs (operator/run.ts), so it is audited the same way; a
 * money action at or above the threshold answers 202 with the approval it waits for.
 */

async function run(ctx: AppContext, auth: Auth, reply: FastifyReply, domain: string, action: string, args: string[]) {
  const result = await runOperatorCommand(ctx, actorOf(auth), domain, action, args);
  if ('pendingApproval' in result) reply.code(202);
  return result;
}

/** The CLI names accounts by email; the screen by id. */
const emailOf = async (ctx: AppContext, id: number) => (await findAccount(ctx.db, id)).email;

/** Disabling or moving money on one's own account takes another operator. */
function notSelf(auth: Auth, id: number) {
  if (auth.user.id === id) throw forbidden(ADMIN_ACCOUNT_MESSAGES.notOnYourself);
}

/** The websites the account page approves again: paused or rejected (pending ones: the queue). */
const STOPPED_WEBSITE = new Set<number>([WebsiteStatus.Paused, WebsiteStatus.Denied, WebsiteStatus.FraudDenied]);

export const adminAccountsRoutes = [
  route(api.accounts, async ({ ctx, query }) => searchAccounts(ctx.db, query)),
  route(api.account, async ({ ctx, params }) => accountDetail(ctx.db, params.id)),
  route(api.disable, async ({ ctx, auth, reply, params, body }) => {
    notSelf(auth, params.id);
    return run(ctx, auth, reply, 'user', 'disable', [await emailOf(ctx, params.id), body.reason]);
  }),
  route(api.enable, async ({ ctx, auth, reply, params }) =>
    run(ctx, auth, reply, 'user', 'enable', [await emailOf(ctx, params.id)]),
  ),
  route(api.credit, async ({ ctx, auth, reply, params, body }) => {
    notSelf(auth, params.id);
    // A reference of its own: the credit is applied once, even when approved later.
    return run(ctx, auth, reply, 'user', 'credit', [
      await emailOf(ctx, params.id),
      String(body.euros),
      `back-office-${randomUUID()}`,
      body.reason,
    ]);
  }),
  route(api.adjust, async ({ ctx, auth, reply, params, body }) => {
    notSelf(auth, params.id);
    return run(ctx, auth, reply, 'user', 'adjust', [await emailOf(ctx, params.id), String(body.euros), body.reason]);
  }),
  route(api.endSessions, async ({ ctx, auth, reply, params }) =>
    run(ctx, auth, reply, 'user', 'end-sessions', [await emailOf(ctx, params.id)]),
  ),
  route(api.referralShare, async ({ ctx, auth, reply, params, body }) =>
    run(ctx, auth, reply, 'referral', 'share', [
      await emailOf(ctx, params.id),
      body.percent === null ? 'off' : String(body.percent),
    ]),
  ),
  route(api.pauseWebsite, async ({ ctx, auth, reply, params }) => {
    const site = await findAccountWebsite(ctx.db, params.id, params.websiteId);
    if (site.status !== WebsiteStatus.Active) throw conflict(ADMIN_ACCOUNT_MESSAGES.websiteNotApproved);
    return run(ctx, auth, reply, 'website', 'pause', [String(site.id)]);
  }),
  route(api.approveWebsite, async ({ ctx, auth, reply, params }) => {
    const site = await findAccountWebsite(ctx.db, params.id, params.websiteId);
    if (!STOPPED_WEBSITE.has(site.status)) throw conflict(ADMIN_ACCOUNT_MESSAGES.websiteNotStopped);
    return run(ctx, auth, reply, 'website', 'approve', [String(site.id)]);
  }),
  route(api.lockCampaign, async ({ ctx, auth, reply, params }) => {
    const campaign = await findAccountCampaign(ctx.db, params.id, params.campaignId);
    return run(ctx, auth, reply, 'campaign', 'lock', [String(campaign.id)]);
  }),
  route(api.unlockCampaign, async ({ ctx, auth, reply, params }) => {
    const campaign = await findAccountCampaign(ctx.db, params.id, params.campaignId);
    return run(ctx, auth, reply, 'campaign', 'unlock', [String(campaign.id)]);
  }),
  route(api.terms, async ({ ctx }) => latestTerms(ctx.db)),
  route(api.publishTerms, async ({ ctx, auth, reply, body }) =>
    run(ctx, auth, reply, 'terms', 'publish-text', [body.markdown]),
  ),
  route(api.announcements, async ({ ctx }) => listAnnouncements(ctx.db)),
  route(api.publishAnnouncement, async ({ ctx, auth, reply, body }) =>
    run(ctx, auth, reply, 'announcement', 'publish-text', [body.title, body.content]),
  ),
  route(api.audit, async ({ ctx, query }) => {
    const { items, total } = await listAudit(ctx.db, query);
    return { items: items.map(toAuditEntry), total };
  }),
  route(api.approvals, async ({ ctx, query }) => {
    const { items, total } = await listApprovals(ctx.db, query);
    return { items: items.map(toApproval), total };
  }),
  route(api.approve, async ({ ctx, auth, params }) => {
    const decided = await decideApproval(ctx, actorOf(auth), params.id, 'approve');
    return { output: decided.output ?? '' };
  }),
  route(api.reject, async ({ ctx, auth, params, body }) => {
    await decideApproval(ctx, actorOf(auth), params.id, 'reject', body.reason);
    return { output: `Request #${params.id} rejected.` };
  }),
];
