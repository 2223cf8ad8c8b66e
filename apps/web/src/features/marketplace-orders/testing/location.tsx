import { useLocation } from 'react-router';

/** Shows where the app navigated to, for assertions on the URL. */
export function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}
