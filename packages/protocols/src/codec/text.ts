/**
 * `text` without the run of `chars` it ends with. One pass from the end: a `/[…]+$/` regex
 * tries again from every position of a long run that is not at the end, quadratic in its length.
 */
export function trimEndOf(text: string, chars: string): string {
  let end = text.length;
  while (end > 0 && chars.includes(text.charAt(end - 1))) end--;
  return text.slice(0, end);
}
