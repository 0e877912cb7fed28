import { describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../demo/demo-fleet.ts';
import { enforcePasswordPolicy } from './password-policy.ts';

describe('the password policy with the packaged list of common passwords', () => {
  it.each(['password', 'Password1', '12345678', 'qwertyuiop', 'iloveyou', 'sunshine'])('refuses %s', (password) => {
    expect(() => enforcePasswordPolicy(password, {})).toThrow('This password is too common, please choose another');
  });

  // The seed sets JEJAK_DEMO_PASSWORD without the policy (ADR 0033); the default passes it anyway.
  it.each(DEMO_USERS.map((u) => [u.email, u.name]))('accepts the demo password for %s', (email, name) => {
    expect(() => enforcePasswordPolicy('demo1234', { email, name })).not.toThrow();
  });
});
