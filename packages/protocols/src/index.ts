export type {
  AttributeValue,
  DecodeContext,
  DecodeResult,
  Framer,
  FramerOutput,
  HttpRequestInput,
  NormalizedMessage,
  ProtocolSession,
  SessionOptions,
  Transport,
} from './message.ts';
export type { ProtocolDefinition } from './protocol.ts';
export {
  toDeviceCommand,
  type CommandEncoder,
  type CommandTarget,
  type DeviceCommand,
  type DeviceCommandType,
} from './command.ts';
export { PROTOCOLS, protocolById } from './registry.ts';

export { ByteReader } from './codec/byte-reader.ts';
export { DecodeError } from './codec/decode-error.ts';
export { bcdToDigits, digitsToBcd, isBcd } from './codec/bcd.ts';
export { crc16X25 } from './codec/crc16-x25.ts';
export { bytesToHex, hexToBytes } from './codec/hex.ts';

export { createGt06Framer, GT06_MAX_BUFFERED_BYTES, type Gt06FramerOptions } from './gt06/frame.ts';
export { createGt06Session, type Gt06Session, type Gt06SessionOptions } from './gt06/decoder.ts';
export {
  decodeAck,
  encodeAck,
  encodeFrame,
  encodeGps22,
  encodeHeartbeat,
  encodeLogin,
  malaysianCell,
  GT06_GPS_22,
  GT06_HEARTBEAT,
  GT06_LOGIN,
  type CellTowerInput,
  type Gps22Input,
  type HeartbeatInput,
  encodeSos16,
  GT06_ALARM_16,
} from './gt06/encoder.ts';

export {
  createTeltonikaFramer,
  createTeltonikaSession,
  decodeTeltonikaAck,
  decodeTeltonikaUdpAck,
  encodeCodec8ExtendedPacket,
  encodeCodec8Packet,
  encodeTeltonikaImei,
  encodeTeltonikaUdpDatagram,
  teltonikaProtocol,
  type TeltonikaIoInput,
  type TeltonikaRecordInput,
} from './teltonika/index.ts';
export { createH02Framer, createH02Session, encodeH02Binary, encodeH02Position, h02Protocol } from './h02/index.ts';
export { createOsmandSession, osmandProtocol, osmandRequest } from './osmand/index.ts';
export { createMeitrackSession, encodeMeitrackAAA, meitrackProtocol } from './meitrack/index.ts';
export { createGl200Session, encodeGl200Fri, gl200Protocol } from './gl200/index.ts';
export {
  createGps103Session,
  encodeGps103Heartbeat,
  encodeGps103Login,
  encodeGps103Position,
  gps103Protocol,
} from './gps103/index.ts';
export { createRuptelaSession, crc16Kermit, encodeRuptelaRecords, ruptelaProtocol } from './ruptela/index.ts';
export {
  createSuntechSession,
  encodeSuntechStt,
  parseSuntechSettings,
  suntechProtocol,
  type SuntechSettings,
} from './suntech/index.ts';
export {
  createJt808Session,
  encodeJt808Heartbeat,
  encodeJt808Location,
  encodeJt808Register,
  jt808Protocol,
} from './jt808/index.ts';
