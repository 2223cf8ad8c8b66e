import { and, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import { AccountType } from '@cryptads/contract/account';
import { CampaignStatus } from '@cryptads/contract/campaign-messages';
import { campaigns } from '../../db/schema/campaigns';
import { users } from '../../db/schema/users';

/**
 * The campaigns delivery serves: approved, Delivering, owned by an enabled advertiser. The
 * query joins `users` on the campaign's owner. The delivery index loads these; the forecast
 * prices them as the competition a draft bids against.
 */
export function servableCampaign(): SQL {
  return and(
    eq(campaigns.status, CampaignStatus.Delivering),
    isNotNull(campaigns.approvedAt),
    isNull(users.disabledAt),
    eq(users.type, AccountType.Advertiser),
  ) as SQL;
}
