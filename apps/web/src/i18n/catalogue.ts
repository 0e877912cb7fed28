/**
 * The shape every language's catalogue has: the English catalogue's keys and formatter
 * signatures, with texts widened to `string` (some English parts are `as const`).
 */
export type Catalogue<T> = T extends string
  ? string
  : T extends (...args: infer A) => infer R
    ? (...args: A) => Catalogue<R>
    : { -readonly [K in keyof T]: Catalogue<T[K]> };
