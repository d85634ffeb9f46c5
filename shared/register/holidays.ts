// Queensland's public holidays, as data, for the 7 working days a Queensland dealer holds
// nominated goods (decision 058). Source: the Queensland Government's list of public holidays,
// https://www.qld.gov.au/recreation/travel/holidays/public (Holidays Act 1983 (Qld)), written down
// from that list without a connection to check it; the business must confirm the dates against
// its licence, as for the state rules (README).
//
// State-wide holidays only. Not included:
// - The Royal Queensland Show (Ekka) holiday, Wednesday 12 August 2026 and 11 August 2027, is a
//   show holiday for the Brisbane City Council area only; every other region has its own show day
//   on its own date. The app does not know the business's locality, so no show day is skipped: a
//   Brisbane dealer whose hold runs over the Ekka Wednesday holds one day longer by hand.
// - Christmas Eve (24 December) is a part-day holiday from 6 pm only: the day's business hours are
//   a working day.
// The King's Birthday (formerly the Queen's Birthday) is the first Monday in October in Queensland.
// Where a holiday falls on a weekend, the Act's additional weekday holiday is listed (Boxing Day
// 2026; Christmas and Boxing Day 2027). Anzac Day 2027 falls on a Sunday: whether Monday 26 April
// is a holiday is to be confirmed, and it is listed because a day too many only holds a watch one
// day longer, while a day too few would release it early.

/** The last day the list covers (it starts on 1 January 2026): past it only weekends are skipped. */
export const QLD_PUBLIC_HOLIDAYS_UNTIL = '2027-12-31';

export const QLD_PUBLIC_HOLIDAYS: Readonly<Record<string, string>> = {
  '2026-01-01': 'New Year’s Day',
  '2026-01-26': 'Australia Day',
  '2026-04-03': 'Good Friday',
  '2026-04-04': 'The day after Good Friday',
  '2026-04-05': 'Easter Sunday',
  '2026-04-06': 'Easter Monday',
  '2026-04-25': 'Anzac Day',
  '2026-05-04': 'Labour Day',
  '2026-10-05': 'King’s Birthday',
  '2026-12-25': 'Christmas Day',
  '2026-12-26': 'Boxing Day',
  '2026-12-28': 'Boxing Day (additional day)',
  '2027-01-01': 'New Year’s Day',
  '2027-01-26': 'Australia Day',
  '2027-03-26': 'Good Friday',
  '2027-03-27': 'The day after Good Friday',
  '2027-03-28': 'Easter Sunday',
  '2027-03-29': 'Easter Monday',
  '2027-04-25': 'Anzac Day',
  '2027-04-26': 'Anzac Day (additional day)',
  '2027-05-03': 'Labour Day',
  '2027-10-04': 'King’s Birthday',
  '2027-12-25': 'Christmas Day',
  '2027-12-26': 'Boxing Day',
  '2027-12-27': 'Christmas Day (additional day)',
  '2027-12-28': 'Boxing Day (additional day)',
};

export function isQldPublicHoliday(day: string): boolean {
  return Object.hasOwn(QLD_PUBLIC_HOLIDAYS, day);
}
