import type { AppContext } from '../context';

export type OperatorCommand = {
  args: string;
  help: string;
  /** Does the work and returns a line to print; throws with a message on refusal. */
  run: (ctx: AppContext, args: string[]) => Promise<string>;
  /**
   * The micro-euros this call moves, for the two-operator rule (docs/decisions/032): a call
   * of at least APPROVAL_THRESHOLD_EUR waits for a second operator. Null: no amount (or
   * nothing to check, e.g. the arguments do not parse: `run` refuses them).
   */
  amount?: (ctx: AppContext, args: string[]) => bigint | null | Promise<bigint | null>;
  /**
   * The account a money call moves money for, for the rule's per-account count (calls on the
   * same target add up over 24 hours, whoever makes them). Default `<domain>:<args[0]>`.
   */
  moneyTarget?: (args: string[]) => string;
  /** The audit entry's object, when it is not `<domain>` / args[0] (e.g. the terms version published). */
  audit?: (args: string[], output: string) => { objectType: string; objectId: string | number };
};
