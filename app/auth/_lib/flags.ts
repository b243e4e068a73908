/** Session-storage flag the forgot-password flow sets so the login page can confirm the new password. */
export const PASSWORD_RESET_FLAG = 'bo.passwordReset';
