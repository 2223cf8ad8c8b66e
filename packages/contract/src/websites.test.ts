import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  AddWebsiteFormSchema,
  canGetZoneCode,
  CreateWebsiteInputSchema,
  isEntireWebsiteUrl,
  sortWebsitesForList,
  UpdateWebsiteInputSchema,
  verificationFailure,
  WEBSITE_MESSAGES,
  WebsiteStatus,
  websiteDomain,
  websiteStatusBadge,
  ZoneAliasSchema,
  ZoneStatus,
  zoneCodeAction,
  zoneStatusBadge,
  zoneTypeLabel,
} from './websites';

const messages = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues.map((i) => i.message);

describe('website status badges', () => {
  it.each([
    [WebsiteStatus.Pending, 'Pending'],
    [WebsiteStatus.Active, 'Approved'],
    [WebsiteStatus.Paused, 'Paused'],
    [WebsiteStatus.Denied, 'Rejected'],
    [WebsiteStatus.FraudDenied, 'Rejected'],
    [WebsiteStatus.Archived, 'Contact Us'],
    [7, 'Contact Us'],
  ])('shows status %i as %s', (status, label) => {
    expect(websiteStatusBadge(status).label).toBe(label);
  });
});

describe('zone status labels', () => {
  it.each([
    [ZoneStatus.Active, 'Enabled'],
    [ZoneStatus.Paused, 'Paused'],
    [ZoneStatus.Pending, 'Pending Approval'],
    [ZoneStatus.Denied, 'Rejected'],
    [ZoneStatus.FraudDenied, 'Rejected'],
    [ZoneStatus.Archived, 'Archived'],
    [ZoneStatus.Disabled, 'Disabled'],
    [42, 'Disabled'],
  ])('shows zone status %i as %s', (status, label) => {
    expect(zoneStatusBadge(status).label).toBe(label);
  });

  it('names zone types with their size when they have one', () => {
    expect(zoneTypeLabel(1, '300x250')).toBe('Banner 300x250');
    expect(zoneTypeLabel(3, null)).toBe('Sticky Banner');
    expect(zoneTypeLabel(6, null)).toBe('Native App');
  });
});

describe('website list order', () => {
  it('sorts by status, then newest first', () => {
    const rows = [
      { id: 1, status: WebsiteStatus.Active, date: '2026-01-01T00:00:00.000Z' },
      { id: 2, status: WebsiteStatus.Pending, date: '2026-01-02T00:00:00.000Z' },
      { id: 3, status: WebsiteStatus.Active, date: '2026-03-01T00:00:00.000Z' },
      { id: 4, status: WebsiteStatus.Archived, date: '2026-04-01T00:00:00.000Z' },
      { id: 5, status: WebsiteStatus.Pending, date: '2026-02-01T00:00:00.000Z' },
    ];
    expect(sortWebsitesForList(rows).map((r) => r.id)).toEqual([5, 2, 3, 1, 4]);
    expect(rows[0]?.id).toBe(1);
  });
});

describe('Get Code rule', () => {
  it('offers the code only when the website is approved and the zone Active', () => {
    expect(zoneCodeAction(WebsiteStatus.Active, ZoneStatus.Active)).toBe('get-code');
    expect(canGetZoneCode(WebsiteStatus.Active, ZoneStatus.Active)).toBe(true);
  });

  it('tells an approved website that the zone is not active', () => {
    for (const zone of [ZoneStatus.Pending, ZoneStatus.Paused, ZoneStatus.Denied, ZoneStatus.Archived]) {
      expect(zoneCodeAction(WebsiteStatus.Active, zone)).toBe('zone-inactive');
      expect(canGetZoneCode(WebsiteStatus.Active, zone)).toBe(false);
    }
  });

  it('shows a dash for every website that is not approved', () => {
    for (const site of [WebsiteStatus.Pending, WebsiteStatus.Paused, WebsiteStatus.Denied, WebsiteStatus.Archived]) {
      expect(zoneCodeAction(site, ZoneStatus.Active)).toBe('dash');
    }
  });
});

describe('website URL', () => {
  it.each([
    'https://example.com',
    'http://www.example.org/path?q=1',
    'https://sub.example.co.uk/',
    'http://127.0.0.1:8080/',
  ])('accepts %s', (url) => {
    expect(isEntireWebsiteUrl(url)).toBe(true);
    expect(messages(CreateWebsiteInputSchema, { website: url })).toBeUndefined();
  });

  it.each([
    '',
    '   ',
    'example.com',
    'www.example.com',
    'ftp://example.com',
    'https://',
    'https://localhost',
    'https://exa mple.com',
    'https://user:pw@example.com',
  ])('asks for the entire URL for %j', (url) => {
    expect(messages(CreateWebsiteInputSchema, { website: url })).toEqual([WEBSITE_MESSAGES.urlInvalid]);
  });

  it('asks for the entire URL when the field is missing', () => {
    expect(messages(CreateWebsiteInputSchema, {})).toEqual([WEBSITE_MESSAGES.urlInvalid]);
  });

  it('refuses URLs longer than 256 characters', () => {
    const url = `https://example.com/${'a'.repeat(237)}`;
    expect(url.length).toBe(257);
    expect(messages(CreateWebsiteInputSchema, { website: url })).toEqual([WEBSITE_MESSAGES.urlTooLong]);
    expect(messages(CreateWebsiteInputSchema, { website: url.slice(0, 256) })).toBeUndefined();
  });

  it('knows a website by its lower-case host without www', () => {
    expect(websiteDomain('https://WWW.Example.COM/news')).toBe('example.com');
    expect(websiteDomain('http://blog.example.com:8080')).toBe('blog.example.com');
  });
});

describe('categories', () => {
  it('allows no excluded categories in the API', () => {
    expect(CreateWebsiteInputSchema.parse({ website: 'https://example.com' }).categories).toEqual([]);
  });

  it('asks for at least one category when the form requires them', () => {
    const form = { website: 'https://example.com', excludeCategories: true, categories: [] };
    expect(messages(AddWebsiteFormSchema, form)).toEqual([WEBSITE_MESSAGES.categoriesRequired]);
    expect(messages(AddWebsiteFormSchema, { ...form, categories: [3] })).toBeUndefined();
    expect(messages(AddWebsiteFormSchema, { ...form, excludeCategories: false })).toBeUndefined();
  });

  it('removes duplicate category ids', () => {
    expect(UpdateWebsiteInputSchema.parse({ categories: [3, 1, 3] })).toEqual({ categories: [1, 3] });
  });
});

describe('zone alias and website update', () => {
  it('requires an alias of at most 100 characters', () => {
    expect(messages(ZoneAliasSchema, '  ')).toEqual([WEBSITE_MESSAGES.aliasRequired]);
    expect(messages(ZoneAliasSchema, 'a'.repeat(101))).toEqual([WEBSITE_MESSAGES.aliasTooLong]);
    expect(ZoneAliasSchema.parse(` ${'a'.repeat(100)} `)).toBe('a'.repeat(100));
  });

  it('takes either aliases or categories', () => {
    expect(messages(UpdateWebsiteInputSchema, {})).toEqual([WEBSITE_MESSAGES.aliasesOrCategories]);
    expect(messages(UpdateWebsiteInputSchema, { aliases: { z1: 'A' }, categories: [] })).toEqual([
      WEBSITE_MESSAGES.aliasesOrCategories,
    ]);
    expect(messages(UpdateWebsiteInputSchema, { aliases: {} })).toEqual([WEBSITE_MESSAGES.aliasRequired]);
    expect(messages(UpdateWebsiteInputSchema, { aliases: { z1: 'x'.repeat(101) } })).toEqual([
      WEBSITE_MESSAGES.aliasTooLong,
    ]);
    expect(UpdateWebsiteInputSchema.parse({ aliases: { z1: ' Header ' } })).toEqual({ aliases: { z1: 'Header' } });
  });
});

describe('the reason of a failed ownership check', () => {
  const home = 'https://a.example/';
  const file = 'https://a.example/.well-known/cryptads-verification.txt';

  it('reads as one sentence when neither address could be reached for the same reason', () => {
    expect(
      verificationFailure([
        { kind: 'unreachable', url: home, cause: 'timeout', host: 'a.example', seconds: 5 },
        { kind: 'unreachable', url: file, cause: 'timeout', host: 'a.example', seconds: 5 },
      ]),
    ).toBe(`${WEBSITE_MESSAGES.verificationFailed} We could not reach ${home} or ${file}: no answer within 5 seconds.`);
  });

  it('says each address on its own otherwise', () => {
    expect(
      verificationFailure([
        { kind: 'unreachable', url: home, cause: 'too-many-redirects', host: 'a.example' },
        { kind: 'http-status', url: file, status: 403, file: true },
      ]),
    ).toBe(
      `${WEBSITE_MESSAGES.verificationFailed} We fetched ${home}: it redirected too many times. We fetched ${file}: it answered HTTP 403.`,
    );
  });
});
