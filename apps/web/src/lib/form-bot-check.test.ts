import { describe, expect, it } from 'vitest';
import { createFormBotCheck } from './captcha.ts';

/** A solver that hands out numbered solutions, so a test sees which solve served which call. */
function countingSolver() {
  let solves = 0;
  return { solve: () => Promise.resolve(`solution-${++solves}`), solves: () => solves };
}

describe("a public form's bot check", () => {
  it('serves the upload grants of one form with one solve, then solves again', async () => {
    const solver = countingSolver();
    const check = createFormBotCheck(3, solver.solve);
    const tokens = await Promise.all([check.forUpload(), check.forUpload(), check.forUpload(), check.forUpload()]);
    expect(tokens).toEqual(['solution-1', 'solution-1', 'solution-1', 'solution-2']);
    expect(solver.solves()).toBe(2);
  });

  it("submits with the images' solution and leaves the next form's uses a fresh one", async () => {
    const solver = countingSolver();
    const check = createFormBotCheck(3, solver.solve);
    await check.forUpload();
    expect(await check.forSubmit()).toBe('solution-1');
    expect(await check.forSubmit()).toBe('solution-2');
    expect(await check.forUpload()).toBe('solution-3');
  });

  it('does not keep a solve that failed', async () => {
    let calls = 0;
    const check = createFormBotCheck(3, () => (++calls === 1 ? Promise.reject(new Error('no')) : Promise.resolve('ok')));
    await expect(check.forUpload()).rejects.toThrow('no');
    expect(await check.forUpload()).toBe('ok');
  });
});
