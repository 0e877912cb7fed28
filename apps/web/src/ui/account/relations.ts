import { ACCOUNT_TEXTS, type UserRelationRequest } from '@jejak/contract';
import { relateUser } from '../../api/accounts/accounts.ts';
import { serverTextOr } from '../../api/error-text.ts';
import { showToast } from '../feedback/notifier.ts';

/**
 * Hands a fleet owner's picked groups and templates to a user below it once that user exists
 * (spec 1 §4): /userrelation/add for a new user, /update after configuring one.
 */
export async function applyRelations(mode: 'add' | 'update', request: UserRelationRequest): Promise<void> {
  try {
    await relateUser(mode, request);
    showToast('success', mode === 'add' ? ACCOUNT_TEXTS.groupsAddedSuccess : ACCOUNT_TEXTS.groupsUpdatedSuccess);
  } catch (error) {
    showToast('error', serverTextOr(error, ACCOUNT_TEXTS.groupsError));
  }
}
