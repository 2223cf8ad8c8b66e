import { Center, Loader } from '@mantine/core';

/** Shown while a screen's code downloads. */
export function PageLoader({ fullScreen = false }: { fullScreen?: boolean }) {
  return (
    <Center mih={fullScreen ? '100dvh' : 240} aria-busy="true" aria-live="polite">
      <Loader size="md" role="status" aria-label="Loading" />
    </Center>
  );
}
