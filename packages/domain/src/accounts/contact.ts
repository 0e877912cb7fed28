/** The only contact prefix offered (spec 1 §5, §9); a contact is the prefix plus the number. */
export const CONTACT_PREFIXES = ['+60'] as const;
export type ContactPrefix = (typeof CONTACT_PREFIXES)[number];

// Malaysian subscriber numbers after +60 have 7 to 10 digits (fixed lines and mobiles).
const CONTACT_RE = /^\+60[1-9]\d{6,9}$/;

/** A contact as sent: '+60' followed by the number, no spaces. */
export function isValidContact(contact: string): boolean {
  return CONTACT_RE.test(contact);
}

/** Splits a stored contact into the form's prefix select and number field. */
export function splitContact(contact: string): { prefix: ContactPrefix; number: string } {
  const prefix = CONTACT_PREFIXES.find((p) => contact.startsWith(p)) ?? CONTACT_PREFIXES[0];
  return { prefix, number: contact.startsWith(prefix) ? contact.slice(prefix.length) : contact };
}

// Deliberately simple: one @, something before, a dot in the domain, no spaces.
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The e-mail check of sign-in and the user forms. */
export function isValidEmail(email: string): boolean {
  return email.length <= 320 && EMAIL_RE.test(email.trim());
}
