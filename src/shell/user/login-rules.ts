export { MOBILE_PATTERN } from '../../contracts/account';
export const SMS_COUNTDOWN_SECONDS = 60;
