import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { LiveServerMessageSchema, LIVE_PATH, SubscribeMessageSchema } from '../core/live.ts';
import { buildAsyncApiDocument, LIVE_MESSAGE_DOCS } from './asyncapi.ts';
import { OPERATION_TAGS } from './openapi-docs.ts';
import { OPERATION_EXAMPLES } from './openapi-examples.ts';
import { buildOpenApiDocument } from './openapi.ts';
import { API_OPERATIONS, OPERATIONS, type OperationName } from './operation-table.ts';
import { API_BASE } from './routes.ts';

interface OperationObject {
  operationId?: string;
  tags?: string[];
  summary?: string;
  description?: string;
  security?: unknown[];
  requestBody?: { content: Record<string, { example?: unknown }> };
  responses: Record<string, { $ref?: string; content?: Record<string, { example?: unknown }> }>;
}
interface Document {
  tags: { name: string; description: string }[];
  security: Record<string, string[]>[];
  components: { securitySchemes: Record<string, Record<string, string>>; responses: Record<string, unknown> };
  paths: Record<string, Record<string, OperationObject>>;
}

const doc = buildOpenApiDocument('1.2.3') as unknown as Document;
const operations = Object.values(doc.paths).flatMap((path) => Object.values(path));

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(buildOpenApiDocument('1.2.3'));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('names every operation by its key in the table, once, with a tag and a summary', () => {
    expect(operations).toHaveLength(API_OPERATIONS.length);
    const ids = operations.map((op) => op.operationId);
    expect(ids.toSorted()).toEqual(Object.keys(OPERATIONS).toSorted());
    for (const [name, op] of Object.entries(OPERATIONS)) {
      const documented = doc.paths[API_BASE + op.path]?.[op.method];
      expect(documented?.operationId, name).toBe(name);
      expect(documented?.summary, name).toBe(op.summary);
      expect(documented?.tags, name).toHaveLength(1);
    }
  });

  it('describes every tag it uses, and puts each operation in exactly one', () => {
    const used = new Set(operations.flatMap((op) => op.tags ?? []));
    expect(doc.tags.map((t) => t.name).toSorted()).toEqual([...used].toSorted());
    expect(doc.tags.filter((t) => t.description.length < 20)).toEqual([]);
    const tagged = OPERATION_TAGS.flatMap((tag) => Object.keys(tag.operations));
    expect(tagged.toSorted()).toEqual(Object.keys(OPERATIONS).toSorted());
  });

  it('takes a bearer token or the session cookie everywhere but on the public calls', () => {
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.securitySchemes.cookieAuth).toMatchObject({ type: 'apiKey', in: 'cookie' });
    expect(doc.security).toEqual([{ bearerAuth: [] }, { cookieAuth: [] }]);
    for (const [name, op] of Object.entries(OPERATIONS)) {
      const documented = doc.paths[API_BASE + op.path]?.[op.method];
      expect(documented?.security, name).toEqual(op.access === 'public' ? [] : undefined);
      const statuses = Object.keys(documented?.responses ?? {});
      if (op.access !== 'public') expect(statuses, name).toEqual(expect.arrayContaining(['401', '403']));
      if (op.request) expect(statuses, name).toContain('400');
    }
    expect(doc.paths[`${API_BASE}/auth/login`]?.post?.responses['429']).toEqual({
      $ref: '#/components/responses/TooManyRequests',
    });
  });

  it('shows examples that its schemas accept, on the most used calls', () => {
    const named = Object.keys(OPERATION_EXAMPLES) as OperationName[];
    expect(named.length).toBeGreaterThanOrEqual(20);
    for (const name of named) {
      const op = OPERATIONS[name];
      const example = OPERATION_EXAMPLES[name];
      if (example?.request !== undefined) {
        const parsed = op.request?.safeParse(example.request);
        expect(parsed?.error, `${name} request`).toBeUndefined();
      }
      if (example?.response !== undefined) {
        expect(op.response.safeParse(example.response).error, `${name} response`).toBeUndefined();
      }
      const documented = doc.paths[API_BASE + op.path]?.[op.method];
      const shown = documented?.requestBody?.content['application/json']?.example;
      expect(shown ?? documented?.responses['200']?.content?.['application/json']?.example, name).toBeDefined();
    }
  });
});

describe('the AsyncAPI document of the live channel', () => {
  const asyncapi = buildAsyncApiDocument('1.2.3') as {
    asyncapi: string;
    channels: { live: { address: string; messages: Record<string, unknown> } };
    operations: Record<string, { action: string; messages: { $ref: string }[] }>;
  };

  it('is AsyncAPI 3 with one channel at the live path', () => {
    expect(asyncapi.asyncapi).toBe('3.0.0');
    expect(asyncapi.channels.live.address).toBe(LIVE_PATH);
  });

  it('lists every message the server pushes and the one a client sends', () => {
    const modes = LiveServerMessageSchema.options.map((o) => o.shape.mode.value);
    const received = asyncapi.operations.receiveUpdates?.messages.map((m) => m.$ref.split('/').pop());
    expect(received?.toSorted()).toEqual(modes.toSorted());
    expect(asyncapi.operations.subscribe?.messages.map((m) => m.$ref.split('/').pop())).toEqual(['subscribeTo']);
    expect(Object.keys(asyncapi.channels.live.messages).toSorted()).toEqual([...modes, 'subscribeTo'].toSorted());
  });

  it('shows examples its schemas accept', () => {
    for (const [name, m] of Object.entries(LIVE_MESSAGE_DOCS)) {
      if (m.example === undefined) continue;
      const schema = name === 'subscribeTo' ? SubscribeMessageSchema : LiveServerMessageSchema;
      expect(schema.safeParse(m.example).error, name).toBeUndefined();
    }
  });
});
