import { lazy, Suspense, useEffect, useState } from 'react';
import { useStatusState } from './status-store';

const StatusModal = lazy(async () => ({ default: (await import('./status-modal')).StatusModal }));

/**
 * Mounted once by the providers. The modal's code (Modal, focus trap, portal) is fetched
 * the first time a status is shown, so that /login/ does not download it up front.
 */
export function StatusModalHost() {
  const { opened } = useStatusState();
  const [needed, setNeeded] = useState(opened);
  useEffect(() => {
    if (opened) setNeeded(true);
  }, [opened]);
  if (!needed && !opened) return null;
  return (
    <Suspense fallback={null}>
      <StatusModal />
    </Suspense>
  );
}
