/** The shortest password the registration form accepts (the backend may ask for more). */
export const PASSWORD_MIN_LENGTH = 6
