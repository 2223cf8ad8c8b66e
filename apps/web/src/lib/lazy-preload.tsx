import { type ComponentProps, type ComponentType, lazy } from 'react';

/**
 * A lazily loaded component that can be fetched ahead of time (`preload`) and, once its module
 * is there, renders at once instead of suspending. React.lazy suspends on every first render,
 * even for a module already downloaded, and React reveals a suspended boundary at most every
 * 300 ms: after a login, three lazy levels (the logged-in area, its shell, the dashboard) cost
 * that wait each. The login form preloads them while the login call runs (lib/after-login.ts).
 */
// biome-ignore lint/suspicious/noExplicitAny: a component of any props, as React.lazy takes.
export function lazyWithPreload<T extends ComponentType<any>>(factory: () => Promise<{ default: T }>) {
  let loaded: T | undefined;
  let loading: Promise<{ default: T }> | undefined;
  const load = () => {
    loading ??= factory().then((module) => {
      loaded = module.default;
      return module;
    });
    return loading;
  };
  const Lazy = lazy(load);
  // biome-ignore lint/correctness/noComponentHookFactories: called once per module at its top level, as React.lazy is.
  function Preloadable(props: ComponentProps<T>) {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  Preloadable.preload = load;
  return Preloadable;
}
