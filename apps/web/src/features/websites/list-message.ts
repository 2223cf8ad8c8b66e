import { paths } from '@cryptads/contract/paths';
import { WEBSITE_MESSAGES } from '@cryptads/contract/websites-messages';

/**
 * Banners of /websites/all/?message=... (docs/product/websites.md#website-list): 'error' and 'unverified' say that the
 * ownership of a website is not verified. Any other value shows nothing.
 */
export type ListMessage = 'error' | 'unverified';

export const LIST_MESSAGE_BANNERS: Record<ListMessage, { title: string; text: string }> = {
  error: { title: 'Verification failed', text: WEBSITE_MESSAGES.verificationFailed },
  unverified: {
    title: 'Your website is not verified yet',
    text: 'Open the website below and press Verify once the meta tag or the verification file is in place. We approve websites only after their ownership is verified.',
  },
};

export function parseListMessage(raw: string | null): ListMessage | null {
  return raw === 'error' || raw === 'unverified' ? raw : null;
}

export const listMessageUrl = (message: ListMessage) => `${paths.websites.all}?message=${message}`;
