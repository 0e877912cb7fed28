/** English strings of the console's management screens (issue 11); spec texts come from @jejak/contract. */
export const enManagement = {};
