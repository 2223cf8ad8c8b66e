import type { FastifyReply } from 'fastify';
import { ADMIN_MESSAGES as M } from '@cryptads/contract/admin-messages';
import { adminEndpoints as api } from '@cryptads/contract/endpoints/admin';
import type { AppContext } from '../../context';
import { ok } from '../../lib/envelope';
import { route } from '../../lib/endpoint-routes';
import type { Auth } from '../../plugins/auth';
import { actorOf } from '../audit/audit.service';
import { sendDocumentFile } from '../billing-profile/billing-profile.service';
import * as admin from './admin.service';

/**
 * The back office's overview and queues; paths, roles (operators) and schemas are
 * in the contract. Every action is the operator command of the same name, run through the
 * audited runner: the screen and the command line do the same thing and leave the same trail.
 */

/** Runs a command; a money action that waits for a second operator answers 202. */
async function run(ctx: AppContext, auth: Auth, reply: FastifyReply, domain: string, action: string, args: string[]) {
  const result = await admin.runAdminCommand(ctx, actorOf(auth), domain, action, args);
  if ('pendingApproval' in result) return reply.code(202).send(ok(result, 202));
  return result;
}

const words = (text: string | undefined) => (text ? [text] : []);

export const adminRoutes = [
  route(api.overview, async ({ ctx }) => admin.adminOverview(ctx)),

  route(api.campaignsQueue, async ({ ctx, query }) => admin.QUEUES.campaigns(ctx, query)),
  route(api.campaignApprove, async ({ ctx, auth, params, reply }) =>
    run(ctx, auth, reply, 'campaign', 'approve', [String(params.id)]),
  ),
  route(api.campaignReject, async ({ ctx, auth, params, body, reply }) =>
    run(ctx, auth, reply, 'campaign', 'reject', [String(params.id), ...words(body?.reason)]),
  ),
  route(api.campaignLock, async ({ ctx, auth, params, reply }) =>
    run(ctx, auth, reply, 'campaign', 'lock', [String(params.id)]),
  ),
  route(api.campaignUnlock, async ({ ctx, auth, params, reply }) =>
    run(ctx, auth, reply, 'campaign', 'unlock', [String(params.id)]),
  ),
  route(api.campaignsApprove, async ({ ctx, auth, body }) =>
    admin.runBulk(ctx, actorOf(auth), 'campaign', 'approve', body.ids),
  ),

  route(api.websitesQueue, async ({ ctx, query }) => admin.QUEUES.websites(ctx, query)),
  route(api.websiteApprove, async ({ ctx, auth, params, reply }) =>
    run(ctx, auth, reply, 'website', 'approve', [String(params.id)]),
  ),
  route(api.websiteReject, async ({ ctx, auth, params, body, reply }) =>
    run(ctx, auth, reply, 'website', 'reject', [String(params.id), body.reason]),
  ),
  route(api.websitesApprove, async ({ ctx, auth, body }) =>
    admin.runBulk(ctx, actorOf(auth), 'website', 'approve', body.ids),
  ),

  route(api.zonesQueue, async ({ ctx, query }) => admin.QUEUES.zones(ctx, query)),
  route(api.zoneApprove, async ({ ctx, auth, params, reply }) =>
    run(ctx, auth, reply, 'zone', 'approve', [String(params.id)]),
  ),
  route(api.zoneReject, async ({ ctx, auth, params, body, reply }) =>
    run(ctx, auth, reply, 'zone', 'reject', [String(params.id), body.reason]),
  ),
  route(api.zonePause, async ({ ctx, auth, params, reply }) =>
    run(ctx, auth, reply, 'zone', 'pause', [String(params.id)]),
  ),
  route(api.zonesApprove, async ({ ctx, auth, body }) =>
    admin.runBulk(ctx, actorOf(auth), 'zone', 'approve', body.ids),
  ),

  route(api.listingsQueue, async ({ ctx, query }) => admin.QUEUES.listings(ctx, query)),
  route(api.listingApprove, async ({ ctx, auth, params, reply }) =>
    run(ctx, auth, reply, 'listing', 'approve', [params.id]),
  ),
  route(api.listingReject, async ({ ctx, auth, params, body, reply }) =>
    run(ctx, auth, reply, 'listing', 'reject', [params.id, body.reason]),
  ),

  route(api.documentsQueue, async ({ ctx, query }) => admin.QUEUES.documents(ctx, query)),
  route(api.documentFile, async ({ ctx, params, reply }) => sendDocumentFile(ctx, null, params.id, reply)),
  route(api.identityApprove, async ({ ctx, auth, params, reply }) =>
    run(ctx, auth, reply, 'kyc', 'approve', [await admin.emailOfAccount(ctx, params.userId, M.accountNotFound)]),
  ),
  route(api.identityReject, async ({ ctx, auth, params, body, reply }) =>
    run(ctx, auth, reply, 'kyc', 'reject', [
      await admin.emailOfAccount(ctx, params.userId, M.accountNotFound),
      body.reason,
    ]),
  ),
  route(api.identityRecheck, async ({ ctx, auth, params, body, reply }) =>
    run(ctx, auth, reply, 'kyc', 'recheck', [
      await admin.emailOfAccount(ctx, params.userId, M.accountNotFound),
      body.reason,
    ]),
  ),

  route(api.transfersQueue, async ({ ctx, query }) => admin.QUEUES.transfers(ctx, query)),
  route(api.transferConfirm, async ({ ctx, auth, params, body, reply }) =>
    run(ctx, auth, reply, 'deposit', 'confirm-bank', [params.reference, String(body.euros)]),
  ),

  route(api.payoutsQueue, async ({ ctx, query }) => admin.QUEUES.payouts(ctx, query)),
  route(api.payoutSent, async ({ ctx, auth, params, body, reply }) =>
    run(ctx, auth, reply, 'payout', 'sent', [String(params.id), body.reference]),
  ),
  route(api.payoutFailed, async ({ ctx, auth, params, body, reply }) =>
    run(ctx, auth, reply, 'payout', 'fail', [String(params.id), body.reason]),
  ),
  route(api.payoutComplete, async ({ ctx, auth, params, reply }) =>
    run(ctx, auth, reply, 'payout', 'complete', [String(params.id)]),
  ),
  route(api.payoutsRun, async ({ ctx, auth, body, reply }) =>
    run(ctx, auth, reply, 'payout', 'run', words(body?.date)),
  ),

  route(api.marketplaceQueue, async ({ ctx, query }) => admin.QUEUES.marketplace(ctx, query)),
  route(api.marketplaceAccept, async ({ ctx, auth, params, reply }) =>
    run(ctx, auth, reply, 'marketplace', 'accept', [String(params.id)]),
  ),
  route(api.marketplaceDeliver, async ({ ctx, auth, params, body, reply }) =>
    run(ctx, auth, reply, 'marketplace', 'deliver', [String(params.id), body.proofUrl]),
  ),
  route(api.marketplaceDeny, async ({ ctx, auth, params, body, reply }) =>
    run(ctx, auth, reply, 'marketplace', 'deny', [String(params.id), body.reason]),
  ),
  route(api.marketplaceComplete, async ({ ctx, auth, params, reply }) =>
    run(ctx, auth, reply, 'marketplace', 'complete', [String(params.id)]),
  ),
  route(api.marketplaceRefund, async ({ ctx, auth, params, body, reply }) =>
    run(ctx, auth, reply, 'marketplace', 'refund', [String(params.id), body.reason]),
  ),

  route(api.trafficQueue, async ({ ctx, query }) => admin.QUEUES.traffic(ctx, query)),

  route(api.deadLettersQueue, async ({ ctx, query }) => admin.QUEUES.deadletters(ctx, query)),
  route(api.deadLetterRetry, async ({ ctx, auth, params, reply }) =>
    run(ctx, auth, reply, 'delivery', 'retry', [String(params.id)]),
  ),
  route(api.deadLettersRetryAll, async ({ ctx, auth, reply }) => run(ctx, auth, reply, 'delivery', 'retry', ['all'])),

  route(api.ledgerCheck, async ({ ctx, auth, reply }) => run(ctx, auth, reply, 'ledger', 'check', [])),
];
