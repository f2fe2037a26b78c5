/**
 * US Federal Reserve bank holidays: ACH does not settle on them, so a "daily" funder skips
 * them like weekends. Data: a holiday is a fixed date or the nth weekday of a month (nth −1 =
 * last). A fixed-date holiday on a Sunday is observed the Monday after; on a Saturday it is not
 * observed (the Federal Reserve stays open the Friday before).
 */
export type BankHoliday =
  | { name: string; month: number; day: number }
  | { name: string; month: number; weekday: number; nth: number };

export const BANK_HOLIDAYS: BankHoliday[] = [
  { name: "New Year's Day", month: 1, day: 1 },
  { name: 'Martin Luther King Jr. Day', month: 1, weekday: 1, nth: 3 },
  { name: "Washington's Birthday", month: 2, weekday: 1, nth: 3 },
  { name: 'Memorial Day', month: 5, weekday: 1, nth: -1 },
  { name: 'Juneteenth', month: 6, day: 19 },
  { name: 'Independence Day', month: 7, day: 4 },
  { name: 'Labor Day', month: 9, weekday: 1, nth: 1 },
  { name: 'Columbus Day', month: 10, weekday: 1, nth: 2 },
  { name: 'Veterans Day', month: 11, day: 11 },
  { name: 'Thanksgiving Day', month: 11, weekday: 4, nth: 4 },
  { name: 'Christmas Day', month: 12, day: 25 },
];

/** Examples the tests check: observed bank holidays of 2025. */
export const BANK_HOLIDAY_EXAMPLES_2025 = [
  '2025-01-01', '2025-01-20', '2025-02-17', '2025-05-26', '2025-06-19', '2025-07-04', '2025-09-01', '2025-10-13', '2025-11-11',
  '2025-11-27', '2025-12-25',
];
