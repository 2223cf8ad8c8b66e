import type { FieldValues, Resolver } from 'react-hook-form';
import type * as z4 from 'zod/v4/core';

/**
 * zodResolver with the schema fetched on first use. The login screen is the product's
 * front door and zod is a third of its JavaScript (docs/architecture.md#budgets), so the contract's
 * schemas load when the person starts typing (`preload`) or submits, not before.
 */
export function lazyZodResolver<Input extends FieldValues, Output>(
  load: () => Promise<z4.$ZodType<Output, Input>>,
): { resolver: Resolver<Input, unknown, Output>; preload: () => void } {
  let pending: Promise<Resolver<Input, unknown, Output>> | null = null;
  const get = () => {
    pending ??= Promise.all([import('@hookform/resolvers/zod'), load()]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema) as unknown as Resolver<Input, unknown, Output>,
    );
    pending.catch(() => {
      // A failed download is tried again at the next submit.
      pending = null;
    });
    return pending;
  };
  return {
    resolver: async (values, context, options) => (await get())(values, context, options),
    preload: () => {
      void get();
    },
  };
}
