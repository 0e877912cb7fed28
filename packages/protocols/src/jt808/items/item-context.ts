import type { ByteReader } from '../../codec/byte-reader.ts';
import type { Attributes } from './attributes.ts';

/** What an item reader gets: the item's bytes, its id, the report's attributes and the model. */
export interface ItemContext {
  id: number;
  length: number;
  attributes: Attributes;
  model: string | undefined;
}

export type ItemReader = (r: ByteReader, ctx: ItemContext) => void;
