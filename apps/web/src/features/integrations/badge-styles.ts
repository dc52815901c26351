/**
 * A badge that keeps its words whole: a table squeezes its cells down to their narrowest content,
 * and a badge would otherwise give way and cut its label off with an ellipsis ("DELIVE…").
 */
export const WHOLE_BADGE_STYLES = { root: { minWidth: 'max-content' } } as const;
