/** The README's demo logins, as the walks sign in with them. */
export interface Account {
  account: string;
  password: string;
}

export const ANALYST = { account: 'demo', password: 'Demo@2026' } as const satisfies Account;
export const ADMIN = { account: 'admin', password: 'Admin@2026' } as const satisfies Account;

/**
 * The accounts the global setup signs in once per mode through the API, their sessions saved for `openSession`
 * (decision 245). No walk signs either out or changes it: a walk that does must sign in on its own.
 */
export const SAVED_ACCOUNTS: Readonly<Record<string, string>> = { [ANALYST.account]: ANALYST.password, [ADMIN.account]: ADMIN.password };
