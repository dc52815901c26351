/** Values no schema asks for: the raw material of the fuzzer's mutations. */
import fc from 'fast-check';

/** Strings that have broken web apps before. */
const NASTY_STRINGS = [
  '',
  ' ',
  ' \t\r\n ',
  '\u0000',
  'a\u0000b',
  '\u202Eevil\u202C',
  '\uFEFF',
  '\u200B\u200D',
  '\ud800',
  '\udfff\ud800',
  '😀'.repeat(40),
  'ক্ষ্ম'.repeat(2000),
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  "' OR '1'='1' --",
  '%',
  '_',
  '\\',
  '${7*7}{{7*7}}',
  '../../../../etc/passwd',
  '..%2F..%2Fsecrets',
  '=HYPERLINK("http://x")',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  '9'.repeat(400),
  '__proto__',
  'constructor',
];

export const nastyString = fc.constantFrom(...NASTY_STRINGS);
const hugeString = fc.constantFrom('x'.repeat(100_000), 'ব'.repeat(300_000));

/** A value nested `depth` levels deep, in arrays or objects. */
const deeplyNested = fc.tuple(fc.integer({ min: 20, max: 300 }), fc.boolean()).map(([depth, arrays]) => {
  let value: unknown = 'deep';
  for (let level = 0; level < depth; level++) value = arrays ? [value] : { a: value };
  return value;
});

/** Anything but what a schema asks for. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.constantFrom(Number.MAX_SAFE_INTEGER + 2, -1, 0, 1e308, -1e308, 0.5),
  nastyString,
  fc.string({ unit: 'binary', maxLength: 200 }),
  hugeString,
  fc.array(fc.anything(), { maxLength: 5 }),
  fc.dictionary(fc.string(), fc.anything(), { maxKeys: 5 }),
  deeplyNested,
);
