/** How long a search box waits after the last key before it searches (the spec's 700 ms). */
export const SEARCH_DEBOUNCE_MS = 700;
