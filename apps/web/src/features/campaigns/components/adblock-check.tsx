import { Button, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { CAMPAIGN_MESSAGES } from '@cryptads/contract/campaign-messages';

/**
 * Ad blockers hide elements whose class names look like ads. A bait element with such
 * classes is put on the page; if a blocker collapses it (height 0, display none) the
 * creatives would be hidden too, so the preview asks the person to turn it off.
 */
export function useAdblockDetected(): boolean {
  const [blocked, setBlocked] = useState(false);
  useEffect(() => {
    const bait = document.createElement('div');
    bait.className = 'adsbox ad-banner ad-placement pub_300x250 textads';
    bait.setAttribute('aria-hidden', 'true');
    bait.style.cssText = 'position:absolute;left:-9999px;top:-9999px;width:1px;height:10px;';
    bait.innerHTML = '&nbsp;';
    document.body.appendChild(bait);
    // Blockers apply their cosmetic rules after insertion; look twice.
    const check = () => {
      const style = window.getComputedStyle(bait);
      if (bait.offsetHeight === 0 || style.display === 'none' || style.visibility === 'hidden') setBlocked(true);
    };
    const first = window.setTimeout(check, 100);
    const second = window.setTimeout(check, 1000);
    return () => {
      window.clearTimeout(first);
      window.clearTimeout(second);
      bait.remove();
    };
  }, []);
  return blocked;
}

export function AdblockModal({ opened }: { opened: boolean }) {
  return (
    <Modal
      opened={opened}
      onClose={() => {}}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      title="Ad blocker detected"
      data-testid="adblock-modal"
    >
      <Stack gap="md">
        <Text>{CAMPAIGN_MESSAGES.adblocker}</Text>
        <Button onClick={() => window.location.reload()} data-autofocus>
          Refresh Page
        </Button>
      </Stack>
    </Modal>
  );
}
