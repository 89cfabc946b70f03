import { describe, expect, it } from 'vitest';

import { EVERY_ADDRESS_FIELD_WRONG, TEST_ADDRESS } from '../../tests/support/addresses.ts';
import {
  AddressSchema,
  CouponCodeSchema,
  fieldErrors,
  hasControlCharacters,
  LoginSchema,
  NewPasswordSchema,
  OtpSchema,
  ProfileSchema,
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

describe('login (docs/product.md §5)', () => {
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

describe('signup (docs/product.md §5)', () => {
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
    expect(errorsOf(SignupSchema, { ...goodSignup, gender: 'other' })).toEqual({
      gender: 'Please choose a gender from the list.',
    });
  });

  it('does not require a gender: left out, it is "prefer not to say"', () => {
    const withoutGender = Object.fromEntries(Object.entries(goodSignup).filter(([field]) => field !== 'gender'));
    expect(SignupSchema.parse(withoutGender).gender).toBe('prefer-not-to-say');
    expect(SignupSchema.parse({ ...goodSignup, gender: '' }).gender).toBe('prefer-not-to-say');
  });
});

describe('OTP, reset and new password (docs/product.md §5)', () => {
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

describe('address form (docs/product.md §5)', () => {
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

describe('field lengths and characters (ADR 0019)', () => {
  it('bounds every text field of an address, and refuses control characters', () => {
    const check = (field: keyof typeof TEST_ADDRESS, value: string) =>
      errorsOf(AddressSchema, { ...TEST_ADDRESS, [field]: value })[field];
    expect(check('name', 'R'.repeat(120))).toBeUndefined();
    expect(check('name', 'R'.repeat(121))).toBe('Name must be at most 120 characters.');
    expect(check('house', 'H'.repeat(101))).toBe('House/Flat must be at most 100 characters.');
    expect(check('street', 'S'.repeat(201))).toBe('Street/Address must be at most 200 characters.');
    expect(check('city', 'C'.repeat(61))).toBe('City must be at most 60 characters.');
    expect(check('country', 'I'.repeat(61))).toBe('Country must be at most 60 characters.');
    expect(check('phone', '9'.repeat(11))).toBe('Phone must be 10 digits.');
    expect(check('pincode', '5'.repeat(7))).toBe('Pincode must be 6 digits.');
    expect(check('street', 'MG\u0000Road')).toBe('Street/Address must not contain control characters.');
    expect(check('house', 'Flat\t4B')).toBe('House/Flat must not contain control characters.');
  });

  it('lets a textarea keep its line breaks, and nothing else', () => {
    expect(hasControlCharacters('Soft.\nWarm.\tCotton.', { multiline: true })).toBe(false);
    expect(hasControlCharacters('Soft.\nWarm.')).toBe(true);
    expect(hasControlCharacters('Soft\u0000', { multiline: true })).toBe(true);
    expect(hasControlCharacters('Zip Hoodie – ₹1,799 👕')).toBe(false);
  });

  it('bounds a coupon code a shopper types, upper-cased', () => {
    expect(CouponCodeSchema.parse(' welcome10 ')).toBe('WELCOME10');
    expect(CouponCodeSchema.safeParse('W'.repeat(41)).error?.issues[0]?.message).toBe(
      'Coupon code must be at most 40 characters.',
    );
    expect(CouponCodeSchema.safeParse('A\u0000B').error?.issues[0]?.message).toBe(
      'Coupon code must not contain control characters.',
    );
  });

  it('takes the state from the list', () => {
    expect(errorsOf(AddressSchema, { ...TEST_ADDRESS, state: 'Atlantis' }).state).toBe(
      'Please choose a state from the list.',
    );
    expect(errorsOf(AddressSchema, { ...TEST_ADDRESS, state: ' Tamil Nadu ' })).toEqual({});
  });
});

describe('profile', () => {
  const goodProfile = { firstName: 'Riya', lastName: 'Sharma', phone: '9876543210' };

  it('needs the names and a 10-digit phone, each bounded', () => {
    expect(errorsOf(ProfileSchema, goodProfile)).toEqual({});
    expect(errorsOf(ProfileSchema, { ...goodProfile, phone: 'abcdefghij' }).phone).toBe(
      'Phone number must be exactly 10 digits',
    );
    expect(errorsOf(ProfileSchema, { ...goodProfile, firstName: 'R'.repeat(51) }).firstName).toBe(
      'Must be at most 50 characters',
    );
    expect(errorsOf(ProfileSchema, { ...goodProfile, lastName: 'S\u0000' }).lastName).toBe(
      'Must not contain control characters',
    );
  });

  it("may leave the address blank; what is filled in follows the address form's rules", () => {
    const blank = { addressHouse: '', addressLine: ' ', addressCity: '', addressState: '', addressPin: '' };
    expect(errorsOf(ProfileSchema, { ...goodProfile, ...blank })).toEqual({});
    expect(
      errorsOf(ProfileSchema, {
        ...goodProfile,
        addressHouse: 'H'.repeat(101),
        addressLine: 'S'.repeat(201),
        addressCity: 'Pune\u0007',
        addressState: 'Atlantis',
        addressPin: '4110',
      }),
    ).toEqual({
      addressHouse: 'House/Flat must be at most 100 characters.',
      addressLine: 'Street/Address must be at most 200 characters.',
      addressCity: 'City must not contain control characters.',
      addressState: 'Please choose a state from the list.',
      addressPin: 'Pincode must be 6 digits.',
    });
  });
});
