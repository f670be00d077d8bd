/** The promotion as configured for this deployment (the spec's 2024 dates unless overridden). */
import { promotionDates, promotionPhase, type PromotionDates, type PromotionPhase } from "../../domain/promotion";
import type { AppEnv } from "../env.server";

export function configuredPromotion(env: AppEnv): PromotionDates {
  return promotionDates({
    preSale: env.PROMO_PRE_SALE_AT,
    blackFriday: env.PROMO_BLACK_FRIDAY_AT,
    postBlackFriday: env.PROMO_POST_BLACK_FRIDAY_AT,
    cyberMonday: env.PROMO_CYBER_MONDAY_AT,
  });
}

export function currentPhase(env: AppEnv, now = new Date()): PromotionPhase | null {
  return promotionPhase(now, configuredPromotion(env));
}
