import dayjs from 'dayjs';
import 'dayjs/locale/en-gb';
import { LOCALE } from '@cryptads/contract/money';

// en-GB: day-month-year dates and weeks that start on Monday (spec 000 §1).
dayjs.locale('en-gb');

export { dayjs };

const numberFormat = new Intl.NumberFormat(LOCALE);

/** Counts and figures with en-GB grouping: 12,345. */
export const formatNumber = (value: number) => numberFormat.format(value);

/** '21 Nov 2026'. */
export const formatDate = (value: string | Date) => dayjs(value).format('D MMM YYYY');

/** '21 Nov 2026, 14:05'. */
export const formatDateTime = (value: string | Date) => dayjs(value).format('D MMM YYYY, HH:mm');
