import { Button, CloseButton, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@cryptads/contract/paths';
import { readCookie, useCookie, writeCookie } from '../../../lib/cookies';
import {
  cookieStorage,
  dismissPromo,
  PROMO_COOKIE,
  PROMO_COOKIE_MAX_AGE_S,
  promoStorageKey,
  seePromo,
} from './promo-banner-state';

/** The browser's own copy, where records were kept before the cookie (read once, to carry them over). */
function localStore(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

const persist = (value: string) => writeCookie(PROMO_COOKIE, value, PROMO_COOKIE_MAX_AGE_S);

/** The advertisers' dismissible promotional banner (rules in promo-banner-state.ts). */
export function PromoBanner({ userKey }: { userKey: string }) {
  // The cookie as this render sees it: the request's on the server, the document's in the
  // browser, so that the server's HTML and the hydration agree (decision 062).
  const raw = useCookie(PROMO_COOKIE);
  const [visible, setVisible] = useState(() => seePromo(cookieStorage(raw, persist), userKey, Date.now()));

  // A record kept in localStorage before the cookie existed is carried over once.
  useEffect(() => {
    const key = promoStorageKey(userKey);
    const old = localStore()?.getItem(key);
    if (!old) return;
    localStore()?.removeItem(key);
    const store = cookieStorage(readCookie(PROMO_COOKIE), persist);
    store.setItem(key, old);
    setVisible(seePromo(store, userKey, Date.now()));
  }, [userKey]);

  if (!visible) return null;

  const dismiss = () => {
    dismissPromo(cookieStorage(readCookie(PROMO_COOKIE), persist), userKey, Date.now());
    setVisible(false);
  };

  return (
    <Paper
      radius="lg"
      p="lg"
      data-testid="promo-banner"
      style={{
        background: 'linear-gradient(120deg, var(--mantine-color-navy-8), var(--mantine-color-brand-8))',
        color: 'var(--mantine-color-white)',
      }}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
        <Group align="flex-start" gap="md" wrap="nowrap">
          <ThemeIcon size={44} radius="xl" color="brand.4" variant="white" aria-hidden visibleFrom="xs">
            <IconSparkles size={24} />
          </ThemeIcon>
          <Stack gap={6}>
            <Text fw={700} fz="lg">
              Native ads now run in apps as well as on websites
            </Text>
            <Text size="sm" c="navy.0">
              Reach crypto readers inside their favourite apps from 0.50 EUR CPM, or pay per click from 0.05 EUR.
            </Text>
            <Group gap="sm" mt={4}>
              <Button component={Link} to={paths.campaigns.create} variant="white" color="navy.8" size="sm">
                Create a Campaign
              </Button>
            </Group>
          </Stack>
        </Group>
        <CloseButton
          aria-label="Dismiss this offer"
          onClick={dismiss}
          variant="transparent"
          c="white"
          data-testid="promo-banner-dismiss"
        />
      </Group>
    </Paper>
  );
}
