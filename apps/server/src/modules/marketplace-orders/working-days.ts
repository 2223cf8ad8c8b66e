/**
 * Working days (Monday to Friday, UTC) for the marketplace timers: a seller accepts an item
 * within MARKETPLACE_ACCEPT_DAYS working days of its payment (docs/decisions/018). Public
 * holidays differ by seller country and are not counted out.
 */

const DAY_MS = 86_400_000;

export const isWorkingDay = (at: Date) => {
  const day = at.getUTCDay();
  return day !== 0 && day !== 6;
};

/**
 * `days` working days after `from`, at the same time of day: each calendar day is stepped
 * over and counted when it is a weekday. Paid on Friday 15:00 with 3 days: Wednesday 15:00;
 * paid on Saturday 10:00 with 1 day: Monday 10:00 (the weekend itself never counts).
 */
export function addWorkingDays(from: Date, days: number): Date {
  if (!Number.isInteger(days) || days < 0) throw new RangeError('working days are a whole number, zero or more');
  let at = from.getTime();
  let left = days;
  while (left > 0) {
    at += DAY_MS;
    if (isWorkingDay(new Date(at))) left--;
  }
  return new Date(at);
}
