/** How many recent links a guest's history (My URLs) keeps. */
export const GUEST_MAX_RECENT_URLS = 20;
