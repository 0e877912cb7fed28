/**
 * Errors at the field they concern (issue 26 item 6). The server answers `{status, errorType,
 * message}` with no field name, and the console's own checks return the spec's message, so a
 * form names, once, which of its messages belong to which field; the same table then places the
 * console's check and the server's answer.
 */

/** A field's path in an antd form: 'vehiclePlate' or ['tanks', 0, 'capacity']. */
export type FieldPath = string | readonly (string | number)[];

/** The exact message, or a test for messages with a value in them ('Error at tank 2…'). */
export type MessageMatch = string | ((text: string) => boolean);

/** One row: the message (or messages) and the field it is shown at. */
export type FieldRule = readonly [match: MessageMatch | readonly MessageMatch[], field: FieldPath];

function matches(match: MessageMatch, text: string): boolean {
  return typeof match === 'string' ? match === text : match(text);
}

/** The field a message belongs to, or null when it concerns the whole form. */
export function fieldOf(text: string, rules: readonly FieldRule[]): FieldPath | null {
  for (const [match, field] of rules) {
    const all: readonly MessageMatch[] = Array.isArray(match) ? match : [match as MessageMatch];
    if (all.some((m) => matches(m, text))) return field;
  }
  return null;
}

/** A spec text with one value in it ('Recipient {n} is not complete'): matches it with any value. */
export function withValue(template: string, slot = '{n}'): (text: string) => boolean {
  const at = template.indexOf(slot);
  if (at < 0) return (text) => text === template;
  const head = template.slice(0, at);
  const tail = template.slice(at + slot.length);
  return (text) => text.length > head.length + tail.length && text.startsWith(head) && text.endsWith(tail);
}

const topKey = (field: FieldPath) => String(typeof field === 'string' ? field : field[0]);

/** Of the fields showing an error, those whose value the user just changed (onValuesChange's first argument). */
export function changedFields(placed: readonly FieldPath[], changed: object): FieldPath[] {
  return placed.filter((field) => topKey(field) in changed);
}

/** antd's NamePath: a mutable copy of the path. */
export function namePath(field: FieldPath): string | (string | number)[] {
  return typeof field === 'string' ? field : [...field];
}
