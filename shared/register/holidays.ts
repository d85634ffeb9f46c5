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

// New South Wales and Victoria (decision 070), written down the same way, without a connection to
// check them, so they are to be confirmed like the state rules:
// - NSW: the NSW Government's public holidays page (NSW Industrial Relations,
//   https://www.nsw.gov.au/about-nsw/public-holidays), Public Holidays Act 2010 (NSW). Anzac Day is
//   never moved in NSW (no substitute for 25 April 2027, a Sunday). Left out: the Bank Holiday
//   (first Monday in August), a holiday for banks and some financial institutions only.
// - VIC: Business Victoria's public holidays page
//   (https://business.vic.gov.au/business-information/public-holidays/victorian-public-holidays-2026),
//   Public Holidays Act 1993 (Vic). Melbourne Cup Day (first Tuesday in November) is listed as for
//   metropolitan Melbourne; a regional council may name another day instead. Anzac Day is not moved.
//   The Friday before the AFL Grand Final is fixed by the government each year once the Grand
//   Final is scheduled: the Fridays listed are the last Fridays of September, uncertain.

/** The last day the NSW and VIC lists cover (they start on 1 January 2026). */
export const NSW_VIC_PUBLIC_HOLIDAYS_UNTIL = '2027-12-31';

export const NSW_PUBLIC_HOLIDAYS: Readonly<Record<string, string>> = {
  '2026-01-01': 'New Year’s Day',
  '2026-01-26': 'Australia Day',
  '2026-04-03': 'Good Friday',
  '2026-04-04': 'Easter Saturday',
  '2026-04-05': 'Easter Sunday',
  '2026-04-06': 'Easter Monday',
  '2026-04-25': 'Anzac Day',
  '2026-06-08': 'King’s Birthday',
  '2026-10-05': 'Labour Day',
  '2026-12-25': 'Christmas Day',
  '2026-12-26': 'Boxing Day',
  '2026-12-28': 'Boxing Day (additional day)',
  '2027-01-01': 'New Year’s Day',
  '2027-01-26': 'Australia Day',
  '2027-03-26': 'Good Friday',
  '2027-03-27': 'Easter Saturday',
  '2027-03-28': 'Easter Sunday',
  '2027-03-29': 'Easter Monday',
  '2027-04-25': 'Anzac Day',
  '2027-06-14': 'King’s Birthday',
  '2027-10-04': 'Labour Day',
  '2027-12-25': 'Christmas Day',
  '2027-12-26': 'Boxing Day',
  '2027-12-27': 'Christmas Day (additional day)',
  '2027-12-28': 'Boxing Day (additional day)',
};

export const VIC_PUBLIC_HOLIDAYS: Readonly<Record<string, string>> = {
  '2026-01-01': 'New Year’s Day',
  '2026-01-26': 'Australia Day',
  '2026-03-09': 'Labour Day',
  '2026-04-03': 'Good Friday',
  '2026-04-04': 'Saturday before Easter Sunday',
  '2026-04-05': 'Easter Sunday',
  '2026-04-06': 'Easter Monday',
  '2026-04-25': 'Anzac Day',
  '2026-06-08': 'King’s Birthday',
  '2026-09-25': 'Friday before the AFL Grand Final',
  '2026-11-03': 'Melbourne Cup',
  '2026-12-25': 'Christmas Day',
  '2026-12-26': 'Boxing Day',
  '2026-12-28': 'Boxing Day (additional day)',
  '2027-01-01': 'New Year’s Day',
  '2027-01-26': 'Australia Day',
  '2027-03-08': 'Labour Day',
  '2027-03-26': 'Good Friday',
  '2027-03-27': 'Saturday before Easter Sunday',
  '2027-03-28': 'Easter Sunday',
  '2027-03-29': 'Easter Monday',
  '2027-04-25': 'Anzac Day',
  '2027-06-14': 'King’s Birthday',
  '2027-09-24': 'Friday before the AFL Grand Final',
  '2027-11-02': 'Melbourne Cup',
  '2027-12-25': 'Christmas Day',
  '2027-12-26': 'Boxing Day',
  '2027-12-27': 'Christmas Day (additional day)',
  '2027-12-28': 'Boxing Day (additional day)',
};

/**
 * Listed days whose date is not settled (decision 070). A hold counts them as holidays (a day too
 * many holds a watch a day longer); a deadline counts them as working days (a day too few brings
 * the deadline a day earlier), so neither releases early nor reports late.
 */
export const UNCERTAIN_PUBLIC_HOLIDAYS: Readonly<Partial<Record<'NSW' | 'VIC' | 'QLD', readonly string[]>>> =
  {
    QLD: ['2027-04-26'],
    VIC: ['2026-09-25', '2027-09-24'],
  };
