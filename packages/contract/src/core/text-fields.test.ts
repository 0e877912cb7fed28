import { describe, expect, it } from 'vitest';
import { isStorableText, UNSTORABLE_TEXT } from './fields.ts';
import { SubscribeMessageSchema } from './live.ts';
import { API_OPERATIONS } from '../api/operation-table.ts';
import { sampleRequest, withLeaf } from '../testing/request-samples.ts';
import { validationMessage } from './validation.ts';

const POISONS = ['a\u0000b', 'a\ud800b', 'a\udc00b', '\udbff'];

describe('text the store cannot hold', () => {
  it.each([
    ['plain', true],
    ['Jalan Tun Razak, 50400 Kuala Lumpur', true],
    ['emoji 🚚 (a surrogate pair)', true],
    ['a\u0000b', false],
    ['a\ud800b', false],
    ['a\udc00b', false],
    ['ends high \ud83d', false],
    ['pair reversed \ude9a\ud83d', false],
  ])('%j storable: %s', (value, storable) => {
    expect(isStorableText(value)).toBe(storable);
  });

  // Every text leaf of every request schema the contract lists, so a new route or field that
  // is built on z.string() instead of the base text schema fails here.
  const cases = API_OPERATIONS.flatMap((op) => {
    if (!op.request) return [];
    const schema = op.request;
    const { body, textPaths } = sampleRequest(schema);
    return textPaths.map((path) => ({ route: op.path, field: path.join('.'), schema, body, path }));
  });
  cases.push({ route: 'live subscribeTo', field: 'data.uid', schema: SubscribeMessageSchema, ...liveSample('uid') });
  cases.push({ route: 'live subscribeTo', field: 'data.ids.0', schema: SubscribeMessageSchema, ...liveSample(0) });

  it.each(cases)('$route refuses it in $field, naming the field', ({ schema, body, path, field }) => {
    for (const poison of POISONS) {
      const result = schema.safeParse(withLeaf(body, path, poison));
      expect(result.success).toBe(false);
      if (!result.success) expect(validationMessage(result.error)).toBe(`${field}: ${UNSTORABLE_TEXT}`);
    }
  });
});

function liveSample(leaf: 'uid' | 0) {
  const body = { action: 'subscribeTo', data: { ids: ['dev#GPS100#1'], uid: 'u1' } };
  return { body, path: leaf === 'uid' ? ['data', 'uid'] : ['data', 'ids', 0] };
}
