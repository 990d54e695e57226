import { formatDay } from '../../../lib/format';

/** A picked-up or delivered moment (YYYY-MM-DDTHH:mm, the warehouses' time) as the language writes it. */
export const formatMoment = (v: string | null, language: string) =>
  v ? `${formatDay(v.slice(0, 10), language)} ${v.slice(11, 16)}` : '';
