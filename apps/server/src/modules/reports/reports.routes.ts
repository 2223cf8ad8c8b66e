import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AccountType } from '@cryptads/contract/account';
import {
  OptimizationReportSchema,
  PerformanceReportSchema,
  ReportPathSchema,
  ReportQuerySchema,
  ReportSchema,
  ReportZonePathSchema,
  TodayStatsSchema,
} from '@cryptads/contract/reports';
import { ok, replies } from '../../lib/envelope';
import { authOf } from '../../plugins/auth';
import * as reports from './reports.service';

// Order matters: zod returns the first member that parses, and an optimisation report is a
// subset of a performance report's shape when both have no rows.
const AnyReportSchema = z.union([ReportSchema, PerformanceReportSchema, OptimizationReportSchema]);

const description = [
  'group=report (default): rows by reportBy with totals and a daily series; group=zone: the optimisation',
  'rows of ONE campaign; group=performance: raw events of ONE campaign, newest first.',
  'Advertisers: campaignIds is all (non-archived) or their own ids, websiteId is all, a zone path filters',
  'their campaigns to that zone. Publishers: campaignIds is all, websiteId all or their own website, zone',
  'path one of their zones. Money is cost (advertisers) or earnings (publishers). Days are UTC.',
].join(' ');

/** Reports (spec 002 §2, §7; spec 000 §7), for advertisers and publishers. */
const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const member = { preValidation: app.requireUser({ types: [AccountType.Advertiser, AccountType.Publisher] }) };
  const tags = ['reports'];
  const security = [{ bearer: [] }];

  app.get(
    '/reports',
    {
      ...member,
      schema: {
        tags,
        security,
        summary: "Today's (UTC) impressions, clicks, money and CTR",
        response: replies(TodayStatsSchema),
      },
    },
    async (request) => ok(await reports.todayStats(ctx, authOf(request).user)),
  );

  app.get(
    '/reports/:campaignIds/:websiteId',
    {
      ...member,
      schema: {
        tags,
        security,
        summary: 'A report of campaigns or websites over a period',
        description,
        params: ReportPathSchema,
        querystring: ReportQuerySchema,
        response: replies(AnyReportSchema),
      },
    },
    async (request) => ok(await reports.getReport(ctx, authOf(request).user, request.params, request.query)),
  );

  app.get(
    '/reports/:campaignIds/zone/:zoneId',
    {
      ...member,
      schema: {
        tags,
        security,
        summary: 'A report of one zone over a period',
        description,
        params: ReportZonePathSchema,
        querystring: ReportQuerySchema,
        response: replies(AnyReportSchema),
      },
    },
    async (request) => ok(await reports.getReport(ctx, authOf(request).user, request.params, request.query)),
  );
};

export default reportsRoutes;
