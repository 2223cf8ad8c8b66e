/** What the API answers to input it cannot store (docs/decisions/022-hostile-input.md). */
export const INPUT_MESSAGES = {
  unsupportedCharacters:
    'Your text contains characters that cannot be saved (such as a null character or a broken emoji). Please remove them and try again.',
  tooDeep: 'The request is nested too deeply.',
  /** The public API takes amounts as decimal strings (docs/decisions/057-exact-money-on-the-wire.md). */
  amountNotDecimal: (field: string) =>
    `${field} must be an amount in euros written as a decimal string, such as "25.00".`,
  amountTooPrecise: (field: string) =>
    `${field} has more than 6 decimals: amounts are exact to the micro-euro (0.000001).`,
  amountTooLarge: (field: string) => `${field} must be less than 1,000,000,000 euros.`,
} as const;
