/** The one toast that says ticket `from` was merged, whether its merger or its redirect shows it first. */
export function mergedToastId(from: number): string {
  return `ticket-merged-${from}`;
}
