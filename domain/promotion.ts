/**
 * The seasonal promotion (spec 01 §4 "Promotion phases"): five phases with the 2024 dates,
 * overridable by configuration. Each phase runs from its start until the next one starts, so
 * an earlier phase's last whole second is one second before the next begins; Cyber Monday
 * lasts 24 hours and the post-sale follows. Times are UTC.
 */

export const PROMOTION_PHASES = ["pre-sale", "black-friday", "post-black-friday", "cyber-monday", "post-sale"] as const;
export type PromotionPhase = (typeof PROMOTION_PHASES)[number];

export interface PromotionDates {
  preSale: Date;
  blackFriday: Date;
  postBlackFriday: Date;
  cyberMonday: Date;
}

export const CYBER_MONDAY_DURATION_MS = 24 * 60 * 60 * 1000;

/** The spec's 2024 dates. */
export const PROMOTION_2024: PromotionDates = {
  preSale: new Date("2024-11-18T00:00:00Z"),
  blackFriday: new Date("2024-11-25T00:00:00Z"),
  postBlackFriday: new Date("2024-11-30T00:00:00Z"),
  cyberMonday: new Date("2024-12-02T00:00:00Z"),
};

export interface PhaseWindow {
  phase: PromotionPhase;
  startsAt: Date;
  /** The last whole second of the phase; null for the post-sale, which does not end. */
  endsAt: Date | null;
}

/** The phases with their first and last seconds. */
export function phaseWindows(dates: PromotionDates): PhaseWindow[] {
  const starts = [
    dates.preSale,
    dates.blackFriday,
    dates.postBlackFriday,
    dates.cyberMonday,
    new Date(dates.cyberMonday.getTime() + CYBER_MONDAY_DURATION_MS),
  ];
  return PROMOTION_PHASES.map((phase, i) => ({
    phase,
    startsAt: starts[i]!,
    endsAt: i + 1 < starts.length ? new Date(starts[i + 1]!.getTime() - 1000) : null,
  }));
}

/** The phase at `now`, or null before the pre-sale starts. */
export function promotionPhase(now: Date, dates: PromotionDates = PROMOTION_2024): PromotionPhase | null {
  let current: PromotionPhase | null = null;
  for (const window of phaseWindows(dates)) if (now.getTime() >= window.startsAt.getTime()) current = window.phase;
  return current;
}

/** The sale itself: the Black Friday and Cyber Monday phases. */
export function isSalePhase(phase: PromotionPhase | null): boolean {
  return phase === "black-friday" || phase === "cyber-monday";
}

/**
 * Coupon rule (spec 01 §4): a coupon applies when subscribing outside the sale, or during
 * Black Friday / Cyber Monday for yearly plans only.
 */
export function couponApplies(phase: PromotionPhase | null, interval: "monthly" | "yearly"): boolean {
  return !isSalePhase(phase) || interval === "yearly";
}

/** Configuration overrides (ISO timestamps); a missing or invalid value keeps the 2024 date. */
export function promotionDates(overrides: Partial<Record<keyof PromotionDates, string | undefined>>): PromotionDates {
  const pick = (key: keyof PromotionDates): Date => {
    const raw = overrides[key];
    const parsed = raw ? new Date(raw) : null;
    return parsed && !Number.isNaN(parsed.getTime()) ? parsed : PROMOTION_2024[key];
  };
  return {
    preSale: pick("preSale"),
    blackFriday: pick("blackFriday"),
    postBlackFriday: pick("postBlackFriday"),
    cyberMonday: pick("cyberMonday"),
  };
}

/** The promo banner or modal comes back this long after the user closed it (spec 01 §4, §9). */
export const PROMO_RESHOW_AFTER_MS = 24 * 60 * 60 * 1000;

export function promoBannerVisible(phase: PromotionPhase | null, closedAt: number | null, now: number): boolean {
  if (!isSalePhase(phase)) return false;
  return closedAt === null || now - closedAt >= PROMO_RESHOW_AFTER_MS;
}
