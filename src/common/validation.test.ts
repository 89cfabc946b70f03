import { describe, expect, it } from 'vitest';

import { EVERY_ADDRESS_FIELD_WRONG } from '../../tests/support/addresses.ts';
import {
  AddressSchema,
  fieldErrors,
  LoginSchema,
  NewPasswordSchema,
  OtpSchema,
  ResetRequestSchema,
  SignupSchema,
} from './validation.ts';

function errorsOf(schema: { safeParse: (v: unknown) => { success: boolean; error?: unknown } }, value: unknown) {
  const result = schema.safeParse(value);
  return result.success ? {} : fieldErrors(result.error as Parameters<typeof fieldErrors>[0]);
}

const goodSignup = {
  firstName: 'Riya',
  lastName: 'Sharma',
  email: 'riya@example.in',
  phone: '9876543210',
  gender: 'female',
  password: 'Streetwear1@',
};

describe('login (SPEC §5)', () => {
  it('needs an email, a valid one, and a password', () => {
    expect(errorsOf(LoginSchema, { email: '', password: '' })).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
    expect(errorsOf(LoginSchema, { email: 'riya@', password: 'x' })).toEqual({
      email: 'Please enter a valid email address',
    });
    expect(errorsOf(LoginSchema, { email: ' riya@example.in ', password: 'x' })).toEqual({});
  });
});

describe('signup (SPEC §5)', () => {
  it('accepts a complete, valid form', () => {
    expect(errorsOf(SignupSchema, goodSignup)).toEqual({});
  });

  it('checks names: required, letters and spaces only, at least 2 characters', () => {
    const check = (firstName: string) => errorsOf(SignupSchema, { ...goodSignup, firstName }).firstName;
    expect(check('')).toBe('This field is required');
    expect(check('R2')).toBe('Only letters and spaces are allowed');
    expect(check('R')).toBe('Must be at least 2 characters');
    expect(check('Mary Ann')).toBeUndefined();
  });

  it('checks the phone: required and exactly 10 digits', () => {
    const check = (phone: string) => errorsOf(SignupSchema, { ...goodSignup, phone }).phone;
    expect(check('')).toBe('Phone number is required');
    expect(check('98765')).toBe('Phone number must be exactly 10 digits');
    expect(check('98765abcde')).toBe('Phone number must be exactly 10 digits');
  });

  it('checks the password: required, 8 characters, letter first, a digit and a symbol', () => {
    const rule = 'Password must contain letters, numbers, and at least one symbol (@$!%*?&)';
    const check = (password: string) => errorsOf(SignupSchema, { ...goodSignup, password }).password;
    expect(check('')).toBe('Password is required');
    expect(check('Ab1@')).toBe('Password must be at least 8 characters');
    expect(check('1Streetwear@')).toBe(rule);
    expect(check('Streetwear@')).toBe(rule);
    expect(check('Streetwear1')).toBe(rule);
    expect(check('Streetwear1#')).toBe(rule);
    expect(check('Streetwear1!')).toBeUndefined();
  });

  it('accepts only the three genders', () => {
    expect(errorsOf(SignupSchema, { ...goodSignup, gender: 'prefer-not-to-say' })).toEqual({});
    expect(errorsOf(SignupSchema, { ...goodSignup, gender: 'other' }).gender).toBeDefined();
  });
});

describe('OTP, reset and new password (SPEC §5)', () => {
  it('takes a 6-digit code', () => {
    expect(errorsOf(OtpSchema, { otp: '12345' }).otp).toBe('Invalid OTP. Please try again or resend OTP.');
    expect(errorsOf(OtpSchema, { otp: '123456' })).toEqual({});
  });

  it('asks for the email to reset the password', () => {
    expect(errorsOf(ResetRequestSchema, { email: '' }).email).toBe('Please enter your email to reset password.');
  });

  it('needs the two new passwords to match', () => {
    expect(errorsOf(NewPasswordSchema, { password: 'Streetwear1!', confirmPassword: 'Streetwear1?' })).toEqual({
      confirmPassword: 'Passwords do not match.',
    });
  });
});

describe('address form (SPEC §5)', () => {
  it('shows each rule under its field', () => {
    expect(
      errorsOf(AddressSchema, {
        name: ' R ',
        phone: '123',
        house: '',
        street: ' ',
        city: '',
        pincode: '41100',
        state: '',
        country: '',
      }),
    ).toEqual(EVERY_ADDRESS_FIELD_WRONG);
  });
});
