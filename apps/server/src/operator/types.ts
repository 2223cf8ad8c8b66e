import type { AppContext } from '../context';

export type OperatorCommand = {
  args: string;
  help: string;
  /** Does the work and returns a line to print; throws with a message on refusal. */
  run: (ctx: AppContext, args: string[]) => Promise<string>;
};
