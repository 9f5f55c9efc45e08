import dayjs from 'dayjs';

/** A server time (ISO) as the screens show it; '' for none. */
export function timeText(value: string | null | undefined): string {
  return value ? dayjs(value).format('YYYY-MM-DD HH:mm:ss') : '';
}
