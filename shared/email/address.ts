/**
 * The basic address pattern `parseTestEmails` keeps; it has no whitespace, so no CR/LF either.
 * Here, below campaigns and templates, which both check addresses with it (decision 078).
 */
export const BASIC_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
