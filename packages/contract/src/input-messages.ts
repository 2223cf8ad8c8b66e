/** What the API answers to input it cannot store (docs/decisions/022-hostile-input.md). */
export const INPUT_MESSAGES = {
  unsupportedCharacters:
    'Your text contains characters that cannot be saved (such as a null character or a broken emoji). Please remove them and try again.',
  tooDeep: 'The request is nested too deeply.',
} as const;
