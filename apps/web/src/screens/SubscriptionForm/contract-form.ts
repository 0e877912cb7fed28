import { PACKAGE_TEXTS } from '@jejak/contract';
import { contractEndAt, isEndBeforeStart, type ContractType } from '@jejak/domain';

/** The contract fields of the Add, Edit and Renew forms, as instants. */
export interface ContractInput {
  contractType: ContractType | undefined;
  startAt: number | undefined;
  /** The picked end; only read for CUSTOM. */
  customEndAt: number | undefined;
}

export type ContractCheck =
  { ok: true; contractType: ContractType; startAt: number; endAt: number } | { ok: false; message: string };

/**
 * The forms' rules (spec 3 §5): a contract type is required; CUSTOM needs an end not before
 * the start; TWELVE and TWENTY_FOUR end 12 or 24 months after the start (the domain's
 * calendar arithmetic, the same the server applies).
 */
export function checkContract(input: ContractInput, timeZone: string): ContractCheck {
  if (!input.contractType) return { ok: false, message: PACKAGE_TEXTS.selectContractType };
  if (input.startAt === undefined) return { ok: false, message: PACKAGE_TEXTS.selectStartDate };
  const endAt = contractEndAt(input.contractType, input.startAt, input.customEndAt ?? null, timeZone);
  if (endAt === null) return { ok: false, message: PACKAGE_TEXTS.selectEndDate };
  if (isEndBeforeStart(input.startAt, endAt)) return { ok: false, message: PACKAGE_TEXTS.endBeforeStart };
  return { ok: true, contractType: input.contractType, startAt: input.startAt, endAt };
}
