/**
 * The attributes of the one script a prerendered page starts with: the prerenderer
 * (server/prerender) names the app's entry and route chunks on it, client/src/boot.ts reads them.
 * Here rather than in either, as the server imports nothing of the client (decision 078).
 */
export const BOOT_ENTRY_ATTRIBUTE = 'data-entry';
export const BOOT_PRELOAD_ATTRIBUTE = 'data-preload';
