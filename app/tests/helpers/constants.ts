/** The administrator's token in every test server. */
export const ROOT_TOKEN = 'glpat-test-root-token';
/** The administrator's password in every test server. */
export const ROOT_PASSWORD = 'root-password-for-tests';
