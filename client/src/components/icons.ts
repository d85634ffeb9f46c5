/** Interface icons drawn for this site (24×24 strokes). Each is its own export so bundles keep only those they use. */

export const iconPhone =
  'M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2z';
export const iconMail = 'M3 5h18v14H3zM3 7l9 6 9-6';
export const iconMapPin =
  'M12 22s7-6.2 7-12a7 7 0 0 0-14 0c0 5.8 7 12 7 12zM12 12.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z';
export const iconWatch = 'M12 18a6 6 0 1 0 0-12 6 6 0 0 0 0 12zM12 9v3l1.5 1.5M9 6l1-4h4l1 4M9 18l1 4h4l1-4';
export const iconMenu = 'M3 6h18M3 12h18M3 18h18';
export const iconClose = 'M6 6l12 12M18 6L6 18';
export const iconChevronDown = 'M6 9l6 6 6-6';
export const iconLock = 'M5 11h14v10H5zM8 11V7a4 4 0 0 1 8 0v4';
export const iconArrowRight = 'M5 12h14M13 6l6 6-6 6';
export const iconExternal = 'M14 4h6v6M20 4l-9 9M18 14v6H4V6h6';
export const iconCheck = 'M5 12l5 5L20 7';
export const iconInstagram = 'M4 4h16v16H4zM12 16a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM17 7h.01';
export const iconStar = 'M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z';
export const iconDot = 'M12 12h.01';
