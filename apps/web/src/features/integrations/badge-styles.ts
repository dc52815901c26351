/**
 * A badge whose words wrap instead of being cut off with an ellipsis: a table squeezes its cells
 * down to the longest word, and "Failing since …" needs its date.
 */
export const WRAPPING_BADGE_STYLES = {
  root: { height: 'auto', paddingBlock: 2 },
  label: { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip' },
} as const;
