/** English strings of the console's bulk screens (issue 11); spec texts come from @jejak/contract. */
export const enBulk = {};
