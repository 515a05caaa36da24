import fc from 'fast-check';

/** Strings that broke, or could break, something between the router and the database. */
export const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '%00',
  '\ud800',
  'x\udc00y',
  '\ud83d',
  '\u202eevil\u202c',
  '\u2066admin\u2069',
  '\u200b',
  '\u200b\u200c\u200d\ufeff',
  '\u0007\u001b[31mred',
  'line\r\nSet-Cookie: x=1',
  '\u0085\u009f',
  '\u2028\u2029',
  '\uffff\ufffe',
  'Z\u0338\u0322\u0349\u0301\u0301\u0301',
  '../../../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '..\\..\\windows\\win.ini',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '${jndi:ldap://x}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'NaN',
  'Infinity',
  '-1',
  '1e309',
  '0x10',
  '00000000001',
  '9'.repeat(40),
  '\u{1f468}\u200d\u{1f469}\u200d\u{1f467}',
  'محمد',
  'a'.repeat(201),
  'x'.repeat(100_000),
];

/** Numbers at and past the bounds that matter: PostgreSQL integer, JS safe integers, money. */
export const HOSTILE_NUMBERS = [
  0,
  -0,
  -1,
  1,
  0.5,
  1e-7,
  4.999,
  49.99,
  49.991,
  999.99,
  1000,
  2_147_483_647,
  2_147_483_648,
  -2_147_483_649,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  1e308,
  -1e308,
];

/** Values of the wrong type, including shapes that trip naive code. */
export const WRONG_TYPES: unknown[] = [
  null,
  true,
  false,
  [],
  {},
  [1, 'a', null],
  { __proto__: { admin: true } },
  { constructor: { prototype: { admin: true } } },
  JSON.parse('{"__proto__": {"admin": true}}'),
  [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]],
  Array.from({ length: 600 }, (_, i) => i),
];

export const hostileString = fc.constantFrom(...HOSTILE_STRINGS);

/** Any hostile value: a string, a number at a boundary, or the wrong type. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: hostileString },
  { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
  { weight: 2, arbitrary: fc.constantFrom(...WRONG_TYPES) },
);
