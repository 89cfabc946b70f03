import { describe, expect, it } from 'vitest';

import { RATE_RULES } from './shared/rate-limit.ts';
import { loadConfig, RATE_LIMIT_SETTINGS } from './config.ts';
import { problemsOf, PRODUCTION } from '../../tests/support/production-config.ts';

describe('loadConfig', () => {
  it('has working defaults for a fresh machine', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.env).toBe('development');
    expect(config.demo).toBe(true);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toMatch(/data$/);
    expect(config.store.founders).toHaveLength(2);
  });

  it('reads the return window and how long a request may wait, 15 and 7 days unless set', () => {
    expect(loadConfig({}).returns).toEqual({ windowDays: 15, holdDays: 7 });
    expect(loadConfig({ RETURN_WINDOW_DAYS: '7', RETURN_HOLD_DAYS: '3' }).returns).toEqual({
      windowDays: 7,
      holdDays: 3,
    });
    expect(problemsOf({ RETURN_WINDOW_DAYS: '0', RETURN_HOLD_DAYS: 'soon' })).toEqual([
      expect.stringMatching(/^RETURN_WINDOW_DAYS: /),
      expect.stringMatching(/^RETURN_HOLD_DAYS: /),
    ]);
  });

  it('reads the store credit settings: no bonus, no expiry and a code above ₹1,000 unless set', () => {
    expect(loadConfig({}).storeCredit).toEqual({
      refundBonusPercent: 0,
      expiryDays: undefined,
      codeAbovePaise: 100_000,
    });
    expect(
      loadConfig({
        STORE_CREDIT_REFUND_BONUS_PERCENT: '10',
        STORE_CREDIT_EXPIRY_DAYS: '365',
        STORE_CREDIT_CODE_ABOVE_RUPEES: '0',
      }).storeCredit,
    ).toEqual({ refundBonusPercent: 10, expiryDays: 365, codeAbovePaise: 0 });
    expect(
      problemsOf({
        STORE_CREDIT_REFUND_BONUS_PERCENT: '51',
        STORE_CREDIT_EXPIRY_DAYS: '3',
        STORE_CREDIT_CODE_ABOVE_RUPEES: '-1',
      }),
    ).toEqual([
      expect.stringMatching(/^STORE_CREDIT_REFUND_BONUS_PERCENT: /),
      expect.stringMatching(/^STORE_CREDIT_EXPIRY_DAYS: /),
      expect.stringMatching(/^STORE_CREDIT_CODE_ABOVE_RUPEES: /),
    ]);
  });

  it('derives the public URL from the port', () => {
    expect(loadConfig({ PORT: '4100' }).publicUrl).toBe('http://localhost:4100');
    expect(loadConfig({ PUBLIC_URL: 'https://shop.example.in/' }).publicUrl).toBe('https://shop.example.in');
  });

  it('reads the store settings the pages show', () => {
    const config = loadConfig({
      STORE_EMAIL: 'care@example.in',
      STORE_PHONE: '+91 90000 00000',
      STORE_FOUNDERS: 'A One, B Two',
    });
    expect(config.store.email).toBe('care@example.in');
    expect(config.store.phone).toBe('+91 90000 00000');
    expect(config.store.founders).toEqual(['A One', 'B Two']);
  });

  it('names every bad variable at once', () => {
    const problems = problemsOf({ PORT: 'eighty', DATABASE_URL: 'not a url', STORE_EMAIL: 'nope', LOG_LEVEL: 'loud' });
    expect(problems.some((p) => p.startsWith('PORT:'))).toBe(true);
    expect(problems.some((p) => p.startsWith('DATABASE_URL:'))).toBe(true);
    expect(problems.some((p) => p.startsWith('STORE_EMAIL:'))).toBe(true);
    expect(problems.some((p) => p.startsWith('LOG_LEVEL:'))).toBe(true);
  });

  it('requires real secrets, mail and payments in production', () => {
    const problems = problemsOf({ NODE_ENV: 'production' });
    expect(problems).toContain('AUTH_SECRET: required in production');
    expect(problems).toContain('SMTP_URL: required in production');
    expect(problems).toContain('RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET: required in production');
    expect(problemsOf({ NODE_ENV: 'production', RAZORPAY_KEY_ID: 'rzp_live_x', RAZORPAY_KEY_SECRET: 's' })).toContain(
      'RAZORPAY_WEBHOOK_SECRET: required in production',
    );
    const config = loadConfig(PRODUCTION);
    expect(config.demo).toBe(false);
  });

  it('requires an https:// PUBLIC_URL in production', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toContain(
      'PUBLIC_URL: required in production (the https:// address shoppers use)',
    );
    expect(problemsOf({ ...PRODUCTION, PUBLIC_URL: 'http://shop.example.in' })).toEqual([
      'PUBLIC_URL: must be an https:// address in production',
    ]);
    expect(loadConfig(PRODUCTION).publicUrl).toBe('https://shop.example.in');
    // Demo mode runs on a laptop's http://localhost.
    expect(loadConfig({ NODE_ENV: 'production', DEMO: 'true' }).publicUrl).toBe('http://localhost:3000');
  });

  it('refuses a live Razorpay key in demo mode', () => {
    expect(problemsOf({ ...PRODUCTION, DEMO: 'true' })).toEqual([
      'RAZORPAY_KEY_ID: a live key (rzp_live_…) cannot be used with DEMO=true; demo mode takes no real payments',
    ]);
    expect(loadConfig({ ...PRODUCTION, DEMO: 'true', RAZORPAY_KEY_ID: 'rzp_test_x' }).demo).toBe(true);
  });

  it('allows demo defaults in production only when DEMO is set', () => {
    expect(loadConfig({ NODE_ENV: 'production', DEMO: 'true' }).demo).toBe(true);
  });

  it('names the demo seller in demo mode and requires the real one in production', () => {
    expect(loadConfig({}).invoices).toEqual({
      seller: {
        legalName: 'Trap the Trend Demo Apparel Private Limited',
        address: 'Demo address: 14, 2nd Cross, Indiranagar, Bengaluru, Karnataka - 560038',
        gstin: '29AAACT1234D1ZR',
        state: 'Karnataka',
      },
      prefix: 'TTT',
      rateBands: [
        { upToPaise: 250_000, ratePercent: 5 },
        { upToPaise: null, ratePercent: 18 },
      ],
    });
    const { SELLER_GSTIN: _gstin, SELLER_STATE: _state, ...withoutTwo } = PRODUCTION;
    expect(problemsOf(withoutTwo)).toEqual([
      'SELLER_GSTIN: required in production (tax invoices)',
      'SELLER_STATE: required in production (tax invoices)',
    ]);
    // Setting one in demo mode means setting all four: a half-real seller is never printed.
    expect(problemsOf({ SELLER_LEGAL_NAME: 'Real Apparel LLP' })).toHaveLength(3);
    expect(loadConfig({ ...PRODUCTION, SELLER_GSTIN: ' 27aaact1234d1zv ' }).invoices.seller).toEqual({
      legalName: 'Trap the Trend Retail Private Limited',
      address: '7 Linking Road, Bandra West, Mumbai, Maharashtra - 400050',
      gstin: '27AAACT1234D1ZV',
      state: 'Maharashtra',
    });
  });

  it('names the grievance officer: the demo one in demo mode, all three settings required in production', () => {
    expect(loadConfig({}).grievanceOfficer).toEqual({
      name: 'Demo Grievance Officer',
      email: 'grievance@trapthetrend.in',
      phone: '+91 98765 43211',
    });
    expect(loadConfig(PRODUCTION).grievanceOfficer).toEqual({
      name: 'Ananya Rao',
      email: 'grievance@trapthetrend.example',
      phone: '+91 22 4000 1234',
    });
    const { GRIEVANCE_OFFICER_NAME: _name, GRIEVANCE_OFFICER_PHONE: _phone, ...withoutTwo } = PRODUCTION;
    expect(problemsOf(withoutTwo)).toEqual([
      'GRIEVANCE_OFFICER_NAME: required in production (the legal pages)',
      'GRIEVANCE_OFFICER_PHONE: required in production (the legal pages)',
    ]);
    // Setting one in demo mode means setting all three: a half-real officer is never shown.
    expect(problemsOf({ GRIEVANCE_OFFICER_EMAIL: 'complaints@example.in' })).toEqual([
      'GRIEVANCE_OFFICER_NAME: required with the other GRIEVANCE_OFFICER_ settings (the legal pages)',
      'GRIEVANCE_OFFICER_PHONE: required with the other GRIEVANCE_OFFICER_ settings (the legal pages)',
    ]);
    expect(
      problemsOf({ ...PRODUCTION, GRIEVANCE_OFFICER_EMAIL: 'not an email', GRIEVANCE_OFFICER_PHONE: 'call us' }),
    ).toEqual([
      'GRIEVANCE_OFFICER_EMAIL: Invalid email address',
      'GRIEVANCE_OFFICER_PHONE: must be a phone number: digits, spaces and dashes, such as +91 80 4567 8900',
    ]);
  });

  it('checks the GSTIN, the seller state and the invoice prefix', () => {
    expect(problemsOf({ ...PRODUCTION, SELLER_GSTIN: '27AAACT1234D1Z' })).toEqual([
      'SELLER_GSTIN: must be a 15-character GSTIN: state code, PAN, entity number, Z, check character (29ABCDE1234F1Z5)',
    ]);
    expect(problemsOf({ ...PRODUCTION, SELLER_GSTIN: '27AAACT1234D1ZW' })).toEqual([
      'SELLER_GSTIN: has a wrong check character (a typing error?)',
    ]);
    expect(problemsOf({ ...PRODUCTION, SELLER_STATE: 'Karnataka' })).toEqual([
      "SELLER_GSTIN: starts with state code 27, but Karnataka's is 29 (SELLER_STATE)",
    ]);
    expect(problemsOf({ ...PRODUCTION, SELLER_STATE: 'Bombay' })).toEqual([
      'SELLER_STATE: must be one of the states of the address form, such as Karnataka',
    ]);
    expect(problemsOf({ INVOICE_PREFIX: 'ttt/x' })).toEqual([
      'INVOICE_PREFIX: must be 1 to 8 capital letters or digits',
    ]);
  });

  it('reads the GST rate bands, ascending and ending without a ceiling', () => {
    expect(loadConfig({ GST_RATE_BANDS: '100000:5, 250000:12, *:18' }).invoices.rateBands).toEqual([
      { upToPaise: 100_000, ratePercent: 5 },
      { upToPaise: 250_000, ratePercent: 12 },
      { upToPaise: null, ratePercent: 18 },
    ]);
    expect(loadConfig({ GST_RATE_BANDS: '*:5' }).invoices.rateBands).toEqual([{ upToPaise: null, ratePercent: 5 }]);
    for (const [bands, problem] of [
      ['250000:5', 'the last band must have no ceiling (*:18)'],
      ['*:5,*:18', 'only the last band may have no ceiling'],
      ['250000:5,100000:12,*:18', 'the ceilings must be above zero and rise from band to band'],
      ['2500.00:5,*:18', '"2500.00:5" is not a ceiling in paise and a rate in per cent, such as 250000:5'],
      ['250000:105,*:18', '"250000:105" is not a ceiling in paise and a rate in per cent, such as 250000:5'],
    ]) {
      expect(problemsOf({ GST_RATE_BANDS: bands! })).toEqual([`GST_RATE_BANDS: ${problem}`]);
    }
  });

  it('refuses half-configured pairs', () => {
    expect(problemsOf({ RAZORPAY_KEY_ID: 'rzp_test_x' })).toContain(
      'RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET: set both or neither',
    );
    expect(problemsOf({ ADMIN_EMAIL: 'a@b.in' })).toContain('ADMIN_EMAIL and ADMIN_PASSWORD: set both or neither');
  });

  it("holds ADMIN_PASSWORD to a shopper's password rules", () => {
    const admin = (password: string) => problemsOf({ ADMIN_EMAIL: 'admin@shop.example.in', ADMIN_PASSWORD: password });
    expect(admin('short1!')).toEqual(['ADMIN_PASSWORD: Password must be at least 8 characters']);
    expect(admin('zebrafish42')).toEqual([
      'ADMIN_PASSWORD: Password must contain letters, numbers, and at least one symbol (@$!%*?&)',
    ]);
    expect(loadConfig({ ADMIN_EMAIL: 'admin@shop.example.in', ADMIN_PASSWORD: 'Str0ng@pass' }).admin).toEqual({
      email: 'admin@shop.example.in',
      password: 'Str0ng@pass',
    });
  });

  it('trusts no proxy unless TRUST_PROXY names them', () => {
    expect(loadConfig({}).trustProxy).toEqual({ kind: 'none' });
    expect(loadConfig({ TRUST_PROXY: '1', HOST: '127.0.0.1' }).trustProxy).toEqual({ kind: 'hops', hops: 1 });
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, ::1' }).trustProxy.kind).toBe('addresses');
    expect(loadConfig({ TRUST_PROXY: 'private' }).trustProxy.kind).toBe('addresses');
    expect(problemsOf({ TRUST_PROXY: '10.0.0.0/8, proxy' })).toEqual([
      'TRUST_PROXY: "proxy" is not an address, a CIDR range, "loopback" or "private"',
    ]);
  });

  it('refuses a hop count unless the store listens on loopback, saying what to set', () => {
    // Anyone reaching the port would be the "proxy" and could name any address as the client.
    const refusal = [
      'TRUST_PROXY: a hop count trusts any peer, and HOST=0.0.0.0 lets clients reach the store directly ' +
        "and name their own address in X-Forwarded-For: set TRUST_PROXY to the proxies' addresses or ranges " +
        '("private" for a proxy in a private network, "loopback" for one on this machine), ' +
        'or set HOST=127.0.0.1 when the proxy runs on this machine',
    ];
    expect(problemsOf({ TRUST_PROXY: '1' })).toEqual(refusal);
    expect(problemsOf({ TRUST_PROXY: '2', HOST: '::' })).toEqual([refusal[0]!.replace('HOST=0.0.0.0', 'HOST=::')]);
    expect(problemsOf({ TRUST_PROXY: '1', HOST: '10.0.0.5' })).toHaveLength(1);
    for (const host of ['127.0.0.1', '127.0.0.2', '::1', 'localhost']) {
      expect(loadConfig({ TRUST_PROXY: '1', HOST: host }).trustProxy, host).toEqual({ kind: 'hops', hops: 1 });
    }
  });

  it('drops the kept pages together for changes within a second, unless told otherwise', () => {
    expect(loadConfig({}).pageCacheChangeWindowMs).toBe(1000);
    expect(loadConfig({ PAGE_CACHE_CHANGE_WINDOW_MS: '0' }).pageCacheChangeWindowMs).toBe(0);
    expect(problemsOf({ PAGE_CACHE_CHANGE_WINDOW_MS: '-1' })).toEqual([
      expect.stringMatching(/^PAGE_CACHE_CHANGE_WINDOW_MS: /),
    ]);
  });

  it("has today's rate limits by default, each changeable by its own setting", () => {
    expect(loadConfig({}).rateLimits).toEqual(RATE_RULES);
    const tuned = loadConfig({ RATE_LIMIT_SIGNUPS_PER_IP_PER_HOUR: '50', RATE_LIMIT_LOGINS_PER_EMAIL_PER_15_MIN: '4' });
    expect(tuned.rateLimits.signupPerIp).toEqual({ max: 50, windowMs: RATE_RULES.signupPerIp.windowMs });
    expect(tuned.rateLimits.loginPerEmail.max).toBe(4);
    expect(tuned.rateLimits.loginPerIp).toEqual(RATE_RULES.loginPerIp);
    expect(Object.keys(RATE_LIMIT_SETTINGS).sort()).toEqual(Object.keys(RATE_RULES).sort());
    expect(
      problemsOf({ RATE_LIMIT_RESETS_PER_EMAIL_PER_HOUR: '0', RATE_LIMIT_LOGINS_PER_IP_PER_15_MIN: 'many' }),
    ).toEqual(
      expect.arrayContaining([
        'RATE_LIMIT_RESETS_PER_EMAIL_PER_HOUR: must be at least 1',
        expect.stringMatching(/^RATE_LIMIT_LOGINS_PER_IP_PER_15_MIN: /),
      ]),
    );
  });

  it('keeps images in DATA_DIR unless the S3 settings name a bucket', () => {
    expect(loadConfig({}).storage).toEqual({ kind: 'local' });
    expect(loadConfig({}).assetsUrl).toBeUndefined();
    const s3 = {
      S3_ENDPOINT: 'https://s3.example.in/',
      S3_BUCKET: 'trap-images',
      S3_REGION: 'ap-south-1',
      S3_ACCESS_KEY_ID: 'key-id',
      S3_SECRET_ACCESS_KEY: 'key-secret',
    };
    expect(loadConfig(s3).storage).toEqual({
      kind: 's3',
      endpoint: 'https://s3.example.in',
      bucket: 'trap-images',
      region: 'ap-south-1',
      accessKeyId: 'key-id',
      secretAccessKey: 'key-secret',
      forcePathStyle: false,
    });
    expect(loadConfig({ ...s3, S3_FORCE_PATH_STYLE: 'true' }).storage).toMatchObject({ forcePathStyle: true });
    // Amazon S3 itself needs no endpoint.
    expect(loadConfig({ ...s3, S3_ENDPOINT: '' }).storage).toMatchObject({ kind: 's3', endpoint: undefined });
    expect(loadConfig({ ...PRODUCTION, ...s3 }).storage.kind).toBe('s3');
  });

  it('refuses incomplete S3 settings, naming each missing one, in production as in demo mode', () => {
    const partial = { S3_ENDPOINT: 'https://s3.example.in', S3_BUCKET: 'trap-images' };
    const expected = [
      'S3_REGION: required to keep images in S3 (S3_BUCKET, S3_ENDPOINT are set)',
      'S3_ACCESS_KEY_ID: required to keep images in S3 (S3_BUCKET, S3_ENDPOINT are set)',
      'S3_SECRET_ACCESS_KEY: required to keep images in S3 (S3_BUCKET, S3_ENDPOINT are set)',
    ];
    expect(problemsOf({ ...PRODUCTION, ...partial })).toEqual(expected);
    expect(problemsOf(partial)).toEqual(expected);
    expect(problemsOf({ ...PRODUCTION, S3_FORCE_PATH_STYLE: 'true' })).toContain(
      'S3_BUCKET: required to keep images in S3 (S3_FORCE_PATH_STYLE is set)',
    );
    expect(problemsOf({ S3_BUCKET: 'Trap_Images' })).toEqual([
      'S3_BUCKET: must be a bucket name: 3-63 lower-case letters, digits, dots, dashes',
    ]);
    expect(problemsOf({ S3_ENDPOINT: 'minio:9000' })).toEqual(['S3_ENDPOINT: must be an http:// or https:// address']);
  });

  it('reads ASSETS_URL without a trailing slash, and wants https:// in production', () => {
    expect(loadConfig({ ASSETS_URL: 'https://cdn.example.in/shop/' }).assetsUrl).toBe('https://cdn.example.in/shop');
    expect(loadConfig({ ASSETS_URL: 'http://localhost:9000/trap-images' }).assetsUrl).toBe(
      'http://localhost:9000/trap-images',
    );
    expect(problemsOf({ ...PRODUCTION, ASSETS_URL: 'http://cdn.example.in' })).toEqual([
      'ASSETS_URL: must be an https:// address in production',
    ]);
    expect(loadConfig({ ...PRODUCTION, ASSETS_URL: 'https://cdn.example.in' }).assetsUrl).toBe(
      'https://cdn.example.in',
    );
    expect(problemsOf({ ASSETS_URL: 'cdn.example.in' })).toEqual([
      'ASSETS_URL: must be an http:// or https:// address',
    ]);
  });

  it('refuses a short auth secret', () => {
    expect(problemsOf({ AUTH_SECRET: 'short' }).some((p) => p.startsWith('AUTH_SECRET:'))).toBe(true);
  });

  it('has no metrics token, and so no metrics page, unless METRICS_TOKEN is set', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: '  ' }).metricsToken).toBeUndefined();
    const token = 'a1B2-c3D4_e5F6.g7H8~i9J0+k1L2/m3N4==';
    expect(loadConfig({ ...PRODUCTION, METRICS_TOKEN: token }).metricsToken).toBe(token);
  });

  it('refuses a metrics token shorter than 32 characters or unfit for a bearer header, in production too', () => {
    expect(problemsOf({ ...PRODUCTION, METRICS_TOKEN: 'x'.repeat(31) })).toEqual([
      'METRICS_TOKEN: must be at least 32 characters (openssl rand -hex 32 makes one)',
    ]);
    expect(problemsOf({ METRICS_TOKEN: 'short' })).toEqual([
      'METRICS_TOKEN: must be at least 32 characters (openssl rand -hex 32 makes one)',
    ]);
    expect(problemsOf({ ...PRODUCTION, METRICS_TOKEN: `${'x'.repeat(32)} y` })).toEqual([
      'METRICS_TOKEN: must be letters, digits and - . _ ~ + / only (a bearer token)',
    ]);
  });
});
