import { Component, type ErrorInfo, lazy, type ReactNode, Suspense } from 'react';

const RouteErrorPage = lazy(async () => ({ default: (await import('./route-error-page')).RouteErrorPage }));

type Props = { children: ReactNode; resetKey: string };
type State = { error: unknown; resetKey: string };

/**
 * The router's error fallback. The app uses React Router's declarative mode (smaller by
 * 17 KB gzip than the data router, which the /login/ budget cannot afford: see
 * docs/decisions/002-web-first-load-budget.md), so this boundary plays the part of
 * errorElement. It resets when the path changes.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Route error', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Suspense fallback={null}>
        <RouteErrorPage error={this.state.error} />
      </Suspense>
    );
  }
}
