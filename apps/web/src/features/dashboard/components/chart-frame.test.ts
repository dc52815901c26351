import { describe, expect, it } from 'vitest';
import { countTicks } from './chart-frame.tsx';

describe('the count axis of a chart', () => {
  it.each([
    [0, [0, 1]],
    [3, [0, 1, 2, 3]],
    [7, [0, 2, 4, 6, 8]],
    [40, [0, 10, 20, 30, 40]],
    [123, [0, 50, 100, 150]],
  ])('ticks a largest count of %i at round steps from 0 up to it or past it', (max, ticks) => {
    expect(countTicks(max)).toEqual(ticks);
  });
});
