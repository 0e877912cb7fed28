/** A well-formed Suntech frame of a kind we do not decode: the connection goes on. */
export class Unsupported extends Error {
  override readonly name = 'Unsupported';
}
