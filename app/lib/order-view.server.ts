/** An order as the pages and the JSON calls show it (docs/decisions/043). */
import type { DomainOrder, DomainOrderItem } from "../../db/orders.server";
import {
  cancellationReasonLabel,
  formatMoney,
  isFinalized,
  orderGroup,
  paymentStatusLabel,
  ORDER_MESSAGES,
  ORDER_STATUS_NAMES,
  type OrderStatus,
} from "../../domain/orders";
import { refundAmount } from "../../domain/order-payments";

export function orderView(order: DomainOrder, items: readonly DomainOrderItem[]) {
  return {
    id: order.id,
    status: order.status,
    statusName: ORDER_STATUS_NAMES[order.status as OrderStatus] ?? String(order.status),
    paymentStatus: paymentStatusLabel(order.status),
    group: orderGroup(order.status),
    reason: order.reason,
    reasonLabel: cancellationReasonLabel(order.reason),
    reasonDetail: order.reasonDetail,
    subtotal: formatMoney(order.subtotal, order.currency),
    discount: formatMoney(order.discount, order.currency),
    total: formatMoney(order.total, order.currency),
    createdAt: order.createdAt.toISOString(),
    /** A new order whose provider checkout expired unpaid (decision 051): the next payment makes a new one. */
    checkoutExpired: order.status === 0 && order.checkoutRef === null && order.expiredCheckoutRef !== null,
    /** What was given back at the provider for the lines that could not be registered (all of it when none could). */
    refunded: order.refundRef
      ? formatMoney(
          refundAmount(
            order,
            items.filter((i) => i.orderId === order.id),
          ),
          order.currency,
        )
      : null,
    items: items
      .filter((i) => i.orderId === order.id)
      .map((i) => ({
        domain: i.domain,
        quantity: i.years,
        price: formatMoney(i.price, order.currency),
        discount: formatMoney(i.discount, order.currency),
        state: i.state,
      })),
  };
}

export type OrderView = ReturnType<typeof orderView>;

/** The words of an order's status, as its notification page and the success page say them. */
export function orderMessage(view: OrderView): string {
  if (view.status === 48) {
    const paid = `Your order is paid: ${view.items
      .filter((i) => i.state === "registered")
      .map((i) => i.domain)
      .join(", ")} added to your branded domains.`;
    const failed = view.items.filter((i) => i.state === "failed").map((i) => i.domain);
    if (failed.length === 0 || !view.refunded) return paid;
    return `${paid} ${failed.join(", ")} could not be registered: ${view.refunded} was refunded.`;
  }
  if (view.status === 51) return `Your order was refunded: ${view.reasonLabel ?? "registration or renewal failed"}.`;
  if (view.group === "failed") return "Payment failed. Please try again later.";
  if (view.status === 0) return view.checkoutExpired ? ORDER_MESSAGES.checkoutExpired : "Your order is waiting for payment.";
  return "Your order is being processed: the domains are being registered.";
}

/**
 * What a page that follows an order until it is final shows (the order's success page and the
 * purchase verification): the order, its words, and, until it is final, a look again at the same
 * address every `seconds` (components/waiting-refresh.tsx).
 */
export function orderWaitingPage(order: DomainOrder, items: readonly DomainOrderItem[], page: URL, seconds: number) {
  const view = orderView(order, items);
  const finalized = isFinalized(order.status);
  return {
    order: view,
    message: orderMessage(view),
    finalized,
    refresh: finalized ? null : { to: `${page.pathname}${page.search}`, seconds },
  };
}
