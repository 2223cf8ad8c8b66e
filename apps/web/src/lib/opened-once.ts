import { useState } from 'react';

/**
 * True from the first time `opened` is true: a dialog or drawer that a page may never open is
 * mounted when it is first opened, not with the page. Mantine's Modal and Drawer mount a portal
 * and its transition with the page even while closed, and render again once mounted: on a
 * server-rendered page that second render joins the hydration's long task. Once opened it stays
 * mounted, so that it animates out when closed.
 */
export function useOpenedOnce(opened: boolean): boolean {
  const [openedOnce, setOpenedOnce] = useState(opened);
  if (opened && !openedOnce) setOpenedOnce(true);
  return opened || openedOnce;
}
