/** English strings of the console's fleetForms screens (issue 11); spec texts come from @jejak/contract. */
export const enFleetForms = {};
