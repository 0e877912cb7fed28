import type { PasswordProblem } from '@jejak/domain';

/**
 * User-facing texts of the account screens and calls. Those marked "spec" are fixed by
 * spec 1 §2, §5, §8 and spec 3 §2, §5, §8 (spelling included); the others are the server's
 * own messages, which the console shows as "the server message".
 */
export const ACCOUNT_TEXTS = {
  // spec 1 §5: forms
  fieldsEmpty: 'Fields cannot be empty',
  passwordsMismatch: 'Passwords do not match',
  passwordMismatchTooltip: 'Password does not match',
  // spec 1 §2: User Management
  noUserSelected: 'No user selected',
  selectUserHint: 'Select a user from the sidebar',
  loadingUser: 'Loading',
  fetchingUser: 'Fetching user data',
  selfEditNotice: '*You are editing the currently logged in user. You will be logged out once edits are saved',
  configureHelp:
    "Only parent's vehicle groups can be linked to fleet operator. To link vehicles individually, first create a vehicle group with desired vehicles under parent.",
  // spec 1 §8: toasts
  createUserError: 'Error creating user',
  createUserSuccess: 'Successfully Added New Account',
  editUserError: 'Error at editing user',
  editUserSuccess: 'Successfully edited user.',
  configureUserError: 'Error at configured user',
  configureUserSuccess: 'Successfully configured user.',
  profileUpdateError: 'Error at update user profile',
  profileUpdateSuccess: 'Successfully update user profile.',
  hierarchyError: 'Error at get_user_hierarchy',
  groupsError: 'Error at update_groups_to_user',
  groupsAddedSuccess: 'Successfully Added Groups To New User',
  groupsUpdatedSuccess: 'Successfully Updated Groups For Edited User',
  // spec 1 §7: reset password
  resetPasswordSuccess: 'Reset password success',
  // server messages
  userNotFound: 'User does not exist',
  duplicateEmail: 'A user with this email already exists',
  invalidContact: 'Contact number must be +60 followed by 7 to 10 digits',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordPadded: 'Password must not begin or end with a space',
  passwordCommon: 'This password is too common, please choose another',
  passwordHasEmail: 'Password must not contain the e-mail address',
  passwordHasName: 'Password must not contain the user name',
  passwordGuessable: 'This password is too easy to guess: avoid repeats, sequences and common words',
  tooManyPasswordGuesses: 'Too many wrong passwords, please wait 15 minutes and try again',
  tooManyResets: 'Too many reset attempts, please wait a minute and try again',
  roleNotAllowed: 'You may not give a user this role',
  parentNotAllowed: 'This role cannot be placed under the assigned user',
  childrenNotAllowed: 'This user has sub-users that cannot be placed under the new role',
  ownsFleet: 'This user has vehicles or devices; only fleet owners and distributors may hold them',
  notFleetOperator: 'Only fleet operators are configured',
  vehicleGroupNotParents: "The vehicle group is not one of the parent's vehicle groups",
  relationItemNotOwned: 'Some of the groups or templates do not belong to the source user',
  relationNotBelow: 'The destination user must be below the source user',
  roleMismatch: 'The user role does not match the user',
  staleHierarchy: 'The user has moved in the hierarchy; reload and try again',
  resetLinkSent: 'A reset password link has been sent to the user',
  resetLinkInvalid: 'This reset password link is invalid or has expired',
  mailUnavailable: 'E-mail is not set up on this server',
  mailFailed: 'The e-mail could not be sent; please try again later',
} as const;

/** The reason the password policy gives (domain `passwordProblem`), as the server sends it. */
export const PASSWORD_PROBLEM_TEXTS: Readonly<Record<PasswordProblem, string>> = {
  tooShort: ACCOUNT_TEXTS.passwordTooShort,
  padded: ACCOUNT_TEXTS.passwordPadded,
  common: ACCOUNT_TEXTS.passwordCommon,
  containsEmail: ACCOUNT_TEXTS.passwordHasEmail,
  containsName: ACCOUNT_TEXTS.passwordHasName,
  guessable: ACCOUNT_TEXTS.passwordGuessable,
};

/** Texts of the Migration screens (spec 3 §2, §5, §8; "Succesfully" is the spec's spelling). */
export const MIGRATION_TEXTS = {
  selectedUserNotFound: 'Selected User Not Found',
  sourceStageNotFound: 'Source Stage Not Found',
  selectTargetStage: 'Please Select The Stage You Want To Send To',
  migrating: 'Migrating user...',
  migrateSuccess: 'Succesfully migrated user',
  migrateError: 'Error migrating user',
  getUsersError: 'Error getting users',
  // server message
  irreversible: 'Migration is one-way: a V2 user cannot go back to V1',
} as const;

/** Texts of the Vehicle Subscription screens (spec 3 §2, §5, §8). */
export const PACKAGE_TEXTS = {
  getError: 'Error in getting vehicle packages',
  getLogError: 'Error in getting vehicle package logs',
  addError: 'Error in adding vehicle package',
  editError: 'Error in editing vehicle package',
  renewError: 'Error in renewing vehicle package',
  suspendError: 'Error in suspending vehicle package',
  unsuspendError: 'Error in unsuspending vehicle package',
  editSuccess: 'Edited package',
  renewSuccess: 'Renewed vehicle',
  suspendSuccess: 'Suspended vehicle',
  unsuspendSuccess: 'Unsuspended vehicle',
  noPackage: 'This vehicle has no package',
  selectContractType: 'Please select contract type',
  currentEndsAt: 'Current package ends at {date}',
  // server messages (spec 3 shows no texts for these)
  selectStartDate: 'Please select start date',
  selectEndDate: 'Please select end date',
  endBeforeStart: 'End date cannot be before start date',
  alreadyHasPackage: 'This vehicle already has a package',
  suspended: 'This package is suspended',
  notSuspended: 'This package is not suspended',
  terminated: 'This package is terminated',
  vehicleNotFound: 'Vehicle not found',
  packageNotFound: 'Package not found',
  vehicleNotUsers: "This vehicle is not in the user's fleet",
  addSuccess: 'Added package',
  terminateSuccess: 'Terminated vehicle',
  terminateError: 'Error in terminating vehicle package',
} as const;
