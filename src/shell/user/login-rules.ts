/** Spec §5 mobile phone preset: 11 digits, starting 1, second digit 3 to 9. */
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;
export const SMS_COUNTDOWN_SECONDS = 60;
