import { iconCheck, iconLock, iconMapPin, iconStar, iconWatch } from './icons.ts';

/**
 * Icons named by key in shared/content (which stays free of UI code). Only section components
 * import this map, so it travels with page code rather than the header.
 */
export const contentIcons: Record<string, string> = {
  star: iconStar,
  'shield-check': 'M12 3l8 3v6c0 4.5-3.4 8.2-8 9-4.6-.8-8-4.5-8-9V6zM8.5 12l2.5 2.5 4.5-5',
  clock: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 7v5l3 2',
  calendar: 'M4 6h16v14H4zM4 10h16M8 3v4M16 3v4',
  handshake: 'M3 12l4-4 5 2 5-2 4 4-6 6-3-3-3 3zM9 13l3 3',
  banknote: 'M3 7h18v10H3zM12 14.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5zM6 10v4M18 10v4',
  clipboard: 'M9 4h6v3H9zM7 5H5v16h14V5h-2M8 12h8M8 16h5',
  users:
    'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2 21v-1a6 6 0 0 1 12 0v1M17 11a3 3 0 1 0 0-6M22 21v-1a5 5 0 0 0-4-4.9',
  cog: 'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM12 2v3M12 19v3M4.9 4.9l2.1 2.1M17 17l2.1 2.1M2 12h3M19 12h3M4.9 19.1L7 17M17 7l2.1-2.1',
  search: 'M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM21 21l-5-5',
  gauge: 'M4 17a8 8 0 1 1 16 0M12 17l4-6M12 17h.01',
  'trending-up': 'M3 17l6-6 4 4 8-8M15 7h6v6',
  gem: 'M6 3h12l4 6-10 12L2 9zM2 9h20M10 3l-2 6 4 12 4-12-2-6',
  eye: 'M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12zM12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
  lock: iconLock,
  hash: 'M4 9h16M4 15h16M10 3L8 21M16 3l-2 18',
  'file-text': 'M6 2h9l5 5v15H6zM14 2v6h6M9 13h7M9 17h7',
  award: 'M12 15a6 6 0 1 0 0-12 6 6 0 0 0 0 12zM8.5 14L7 22l5-3 5 3-1.5-8',
  'map-pin': iconMapPin,
  watch: iconWatch,
  'book-open': 'M2 5h7a3 3 0 0 1 3 3v13a2 2 0 0 0-2-2H2zM22 5h-7a3 3 0 0 0-3 3v13a2 2 0 0 1 2-2h8z',
  check: iconCheck,
  home: 'M3 11l9-8 9 8M5 10v10h14V10',
  tag: 'M3 3h8l10 10-8 8L3 11zM7.5 7.5h.01',
};
