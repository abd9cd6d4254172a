/**
 * The server's limits on an account's fields (sign-up, and staff accounts an administrador
 * creates): shown as hints and checked before sending, so a mistake shows at once.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const NAME_MAX = 120;
