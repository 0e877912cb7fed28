import type { ByteReader } from '../codec/byte-reader.ts';
import type { NormalizedMessage } from '../message.ts';
import type { Jt808Header } from './header.ts';

/** What a terminal message comes to: messages, which answer it wants, warnings. */
export interface Handled {
  messages: NormalizedMessage[];
  reply: 'general' | 'register' | 'general2' | null;
  warnings: string[];
}

export interface HandlerInput {
  header: Jt808Header;
  body: ByteReader;
  model: string | undefined;
}
