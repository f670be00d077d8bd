/**
 * /app/purchase/domain (L, purchase_branded_domains; docs/decisions/043): search a name at the
 * registrar, see whether it is available and its yearly price, add it to the cart. A plain GET
 * form for the search, a plain POST form to add: both work without JavaScript. The price added
 * is the registrar's, read again on the server, never the one the page showed.
 */
import { data, Form, Link, redirect } from "react-router";
import { z } from "zod";
import { getDb } from "../../../db/client.server";
import { addCartItem, countCartItems, isDomainOnPaidOpenOrder } from "../../../db/orders.server";
import { getBrandedDomain } from "../../../db/branded-domains.server";
import { formatMoney, MAX_CART_ITEMS, normalizeDomainName, ORDER_MESSAGES } from "../../../domain/orders";
import { CartErrorPage, CartRefusalMessage } from "../../components/cart-refusal";
import { Notice, SubmitButton, TextField } from "../../components/form-fields";
import { SettingsCard, SettingsHeading, settingsButton, settingsSecondaryButton } from "../../components/settings";
import { getCloudflare } from "../../context.server";
import { purchaseSourceCookie, registrarFor } from "../../lib/orders.server";
import { RegistrarRefusal, type DomainQuote } from "../../lib/registrar/registrar";
import type { RouteHandle } from "../../route-handle";
import type { Route } from "./+types/domain";
import { requirePurchaser } from "./guard.server";
import { requestFormData } from "../../lib/form-body.server";

export const handle: RouteHandle = { hydrate: false };
export const meta: Route.MetaFunction = () => [{ title: "Buy a domain | Snip" }];

type SearchResult = { ok: true; quote: DomainQuote; taken: boolean } | { ok: false; field: boolean; message: string };

async function search(env: Parameters<typeof registrarFor>[0], input: string): Promise<SearchResult> {
  if (!input.trim()) return { ok: false, field: true, message: ORDER_MESSAGES.domainRequired };
  const domain = normalizeDomainName(input);
  if (!domain) return { ok: false, field: true, message: ORDER_MESSAGES.invalidDomain };
  const registrar = registrarFor(env);
  if (!registrar) return { ok: false, field: false, message: ORDER_MESSAGES.notConfigured };
  try {
    const quote = await registrar.quote(domain);
    // A name already someone's branded domain here, or on a paid order still being registered, cannot be bought through Snip either.
    const db = getDb(env.DB);
    const taken = (await getBrandedDomain(db, domain)) !== undefined || (await isDomainOnPaidOpenOrder(db, domain));
    return { ok: true, quote, taken };
  } catch (error) {
    if (error instanceof RegistrarRefusal) return { ok: false, field: true, message: error.message };
    console.error("domain purchase: the registrar did not answer", error);
    return { ok: false, field: false, message: ORDER_MESSAGES.registrarFailed };
  }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { viewer, inTeam } = await requirePurchaser(request, context);
  const { env } = getCloudflare(context);
  const url = new URL(request.url);
  // In a team the cart is refused (decision 053): the page says where domains are bought, and searches nothing.
  const q = inTeam ? null : url.searchParams.get("domain");
  const cartCount = await countCartItems(getDb(env.DB), viewer.user.id);
  const result = q === null ? null : await search(env, q);
  const payload = {
    inTeam,
    q: q ?? "",
    cartCount,
    result: result?.ok
      ? {
          ok: true as const,
          domain: result.quote.domain,
          available: result.quote.available && !result.taken,
          price: formatMoney(result.quote.price),
          premium: result.quote.premium,
        }
      : result,
  };
  // The purchase source is remembered for the session (spec 01 §2): the free trial's success page differs.
  const source = url.searchParams.get("source");
  if (source === "trial") return data(payload, { headers: { "Set-Cookie": purchaseSourceCookie("trial", viewer) } });
  return payload;
}

const addSchema = z.object({ domain: z.string().max(253) });

export async function action({ request, context }: Route.ActionArgs) {
  const { viewer, inTeam } = await requirePurchaser(request, context);
  if (inTeam) throw data({ message: ORDER_MESSAGES.permissionDenied, refusal: "team" }, { status: 403 });
  const { env } = getCloudflare(context);
  const parsed = addSchema.safeParse(Object.fromEntries(await requestFormData(request)));
  const result = await search(env, parsed.success ? parsed.data.domain : "");
  if (!result.ok) return data({ message: result.message }, { status: result.field ? 422 : 503 });
  if (!result.quote.available || result.taken) return data({ message: ORDER_MESSAGES.notAvailable }, { status: 409 });
  const db = getDb(env.DB);
  if ((await countCartItems(db, viewer.user.id)) >= MAX_CART_ITEMS) return data({ message: ORDER_MESSAGES.cartFull }, { status: 422 });
  const added = await addCartItem(db, {
    userId: viewer.user.id,
    domain: result.quote.domain,
    price: result.quote.price,
    premium: result.quote.premium,
    currency: result.quote.currency,
  });
  if (!added) return data({ message: ORDER_MESSAGES.alreadyInCart }, { status: 409 });
  return redirect("/app/purchase/domain/cart");
}

export default function PurchaseDomain({ loaderData, actionData }: Route.ComponentProps) {
  const { q, result, cartCount, inTeam } = loaderData;
  if (inTeam)
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
        <SettingsHeading title="Buy a domain" />
        <Notice tone="info">
          <CartRefusalMessage refusal="team" />
        </Notice>
      </div>
    );
  const fieldError = result && !result.ok && result.field ? [result.message] : undefined;
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
      <SettingsHeading
        title="Buy a domain"
        lead="Search for a name: Snip registers it for you and sets it up as a branded domain for your links."
      />
      <div className="space-y-6">
        <SettingsCard title="Search">
          <Form method="get" className="flex flex-col gap-3 sm:flex-row sm:items-end" noValidate>
            <div className="flex-1">
              <TextField
                label="Domain name"
                name="domain"
                defaultValue={q}
                placeholder="mybrand.com"
                errors={fieldError}
                autoComplete="off"
              />
            </div>
            <button type="submit" className={settingsSecondaryButton}>
              Search
            </button>
          </Form>
          {result && !result.ok && !result.field ? (
            <div className="mt-4">
              <Notice tone="error">{result.message}</Notice>
            </div>
          ) : null}
        </SettingsCard>
        {result?.ok ? (
          <SettingsCard title={result.domain}>
            <div data-testid="domain-result">
              {result.available ? (
                <>
                  <p className="text-sm text-slate-800">
                    <span className="font-semibold text-emerald-700">Available</span> ·{" "}
                    <span data-testid="domain-price">{result.price}</span> a year
                    {result.premium ? " (premium)" : ""}
                  </p>
                  {actionData?.message ? (
                    <div className="mt-3">
                      <Notice tone="error">{actionData.message}</Notice>
                    </div>
                  ) : null}
                  <Form method="post" className="mt-4">
                    <input type="hidden" name="domain" value={result.domain} />
                    <SubmitButton className={settingsButton}>Add to cart</SubmitButton>
                  </Form>
                </>
              ) : (
                <p className="text-sm font-semibold text-red-700">{ORDER_MESSAGES.notAvailable}</p>
              )}
            </div>
          </SettingsCard>
        ) : null}
        <p className="text-sm text-slate-600">
          <Link to="/app/purchase/domain/cart" className="font-semibold text-indigo-700 hover:underline">
            Your cart ({cartCount})
          </Link>
        </p>
      </div>
    </div>
  );
}

/** An add refused in a team: 'Permission denied', and the way back to the account (decision 053). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <CartErrorPage error={error} />;
}
